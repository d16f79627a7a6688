// What a first visitor of /login learns before the form (ADR 182): what Vitrine does
// in one line and three posts it made (public/amostras/post-N.webp, drawn by the app's own
// renderer with scripts/login-samples.ts). Compact on a phone, so the form stays on the first
// screen; kept small, as /login has a 130 KB JavaScript budget.
const SAMPLES = ['apartamento à venda', 'studio para alugar, com outra marca', 'destaques do imóvel']

export function LoginIntro() {
  return (
    <section aria-label="O que a Vitrine faz" className="mx-auto mb-4 w-full max-w-md md:mx-0 md:max-w-none">
      <p className="text-lg leading-snug font-bold text-slate-900 md:text-3xl">
        Posts de imóveis prontos para o Instagram em minutos.
      </p>
      <ul className="mt-2 grid grid-cols-3 gap-2 md:mt-6 md:gap-4">
        {SAMPLES.map((alt, i) => (
          <li key={alt}>
            <img
              src={`/amostras/post-${i + 1}.webp`}
              alt={`Exemplo de post: ${alt}`}
              width={360}
              height={360}
              className="aspect-square w-full rounded-lg border border-slate-200 shadow-sm"
            />
          </li>
        ))}
      </ul>
    </section>
  )
}
