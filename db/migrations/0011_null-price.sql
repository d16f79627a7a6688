-- Issue 21 item 2 (ADR 150): a price that was never given is null, shown 'R$ -,--'. Until now the
-- property form stored an empty price as 0, and no property is sold or rented for R$ 0, so the
-- zeros of the sale price and the rent are prices that were never given.
UPDATE "homes" SET "price" = NULL WHERE "price" = 0;--> statement-breakpoint
UPDATE "homes" SET "rental_price" = NULL WHERE "rental_price" = 0;
