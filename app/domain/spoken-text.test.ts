import { expect, test } from 'vitest'
import { formatDuration, numberToWords, speakableText, spokenMoney } from './spoken-text'

test('numbers are written as a Brazilian reads them', () => {
  expect(numberToWords(0)).toBe('zero')
  expect(numberToWords(1)).toBe('um')
  expect(numberToWords(16)).toBe('dezesseis')
  expect(numberToWords(21)).toBe('vinte e um')
  expect(numberToWords(100)).toBe('cem')
  expect(numberToWords(101)).toBe('cento e um')
  expect(numberToWords(142)).toBe('cento e quarenta e dois')
  expect(numberToWords(1000)).toBe('mil')
  expect(numberToWords(1200)).toBe('mil e duzentos')
  expect(numberToWords(2800)).toBe('dois mil e oitocentos')
  expect(numberToWords(1250)).toBe('mil duzentos e cinquenta')
  expect(numberToWords(1_000_000)).toBe('um milhão')
  expect(numberToWords(2_450_000)).toBe('dois milhões, quatrocentos e cinquenta mil')
  expect(numberToWords(1_250_000)).toBe('um milhão, duzentos e cinquenta mil')
  expect(numberToWords(2, { feminine: true })).toBe('duas')
  expect(numberToWords(21, { feminine: true })).toBe('vinte e uma')
  expect(numberToWords(890_000)).toBe('oitocentos e noventa mil')
})

test('money becomes words with reais and centavos', () => {
  expect(spokenMoney('R$ 2.450.000,00')).toBe('dois milhões, quatrocentos e cinquenta mil reais')
  expect(spokenMoney('R$ 1.250.000,00')).toBe('um milhão, duzentos e cinquenta mil reais')
  expect(spokenMoney('R$ 2.000.000,00')).toBe('dois milhões de reais')
  expect(spokenMoney('R$ 2.800,50')).toBe('dois mil e oitocentos reais e cinquenta centavos')
  expect(spokenMoney('R$ 1,00')).toBe('um real')
})

test('speakable text drops emojis, hashtags and links and reads prices and areas', () => {
  const text =
    '✨ Apartamento à venda em Itaim Bibi! 😍\n\n💰 Valor: R$ 2.450.000,00\n📐 142 m²\nAluguel R$ 3.500,00/mês\n\n#imoveis #itaimbibi https://exemplo.com'
  const spoken = speakableText(text)
  expect(spoken).toContain('Apartamento à venda em Itaim Bibi!')
  expect(spoken).toContain('dois milhões, quatrocentos e cinquenta mil reais')
  expect(spoken).toContain('cento e quarenta e dois metros quadrados')
  expect(spoken).toContain('três mil e quinhentos reais por mês')
  expect(spoken).not.toMatch(/[#✨😍💰📐]|https?:|R\$/u)
})

test('areas, rooms, parking spaces, CEPs and phones are read as a person says them', () => {
  expect(speakableText('Tudo isso por R$ 1.250.000,00.')).toBe(
    'Tudo isso por um milhão, duzentos e cinquenta mil reais.',
  )
  expect(speakableText('De R$ 4,2 milhões por R$ 850 mil')).toBe(
    'De quatro vírgula dois milhões de reais por oitocentos e cinquenta mil reais',
  )
  expect(speakableText('3 dorms, 1 suíte e 2 vagas.')).toBe('três dormitórios, uma suíte e duas vagas.')
  expect(speakableText('2 qtos, 1 banh. e 1 vg')).toBe('dois quartos, um banheiro e uma vaga')
  expect(speakableText('Área de 82,5 m2 e terreno de 1.200m²')).toBe(
    'Área de oitenta e dois vírgula cinco metros quadrados e terreno de mil e duzentos metros quadrados',
  )
  expect(speakableText('CEP 04534-011')).toBe('CEP zero quatro cinco três quatro, zero um um')
  expect(speakableText('Ligue (11) 98765-4321')).toBe('Ligue onze, nove oito sete seis cinco, quatro três dois um')
  expect(speakableText('Condomínio de 1.250 unidades, a 5 min do metrô')).toBe(
    'Condomínio de mil duzentos e cinquenta unidades, a cinco minutos do metrô',
  )
  expect(speakableText('Apto no 12º andar')).toMatch(/^apartamento no doze/i)
})

test('durations read as minutes and seconds', () => {
  expect(formatDuration(0)).toBe('0:00')
  expect(formatDuration(400)).toBe('0:01')
  expect(formatDuration(8_449)).toBe('0:08')
  expect(formatDuration(16_276)).toBe('0:16')
  expect(formatDuration(75_000)).toBe('1:15')
})
