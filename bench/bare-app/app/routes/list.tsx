import { Link, useLoaderData } from 'react-router'

export const meta = () => [{ title: 'Imóveis' }]

export function loader() {
  return {
    items: Array.from({ length: 20 }, (_, i) => ({
      id: i + 1,
      name: `Imóvel ${i + 1}: apartamento com varanda`,
      city: 'São Paulo',
      price: 45_000_000 + i * 3_700_000,
      photo: `/photo-${i + 1}.jpg`,
    })),
  }
}

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })

export default function List() {
  const loaderData = useLoaderData<typeof loader>()
  return (
    <main>
      <h1>Imóveis</h1>
      <ul>
        {loaderData.items.map((item) => (
          <li key={item.id}>
            <img src={item.photo} alt="" width={400} height={300} loading="lazy" />
            <Link to={`/list/${item.id}`}>{item.name}</Link>
            <p>{item.city}</p>
            <p>{money.format(item.price / 100)}</p>
          </li>
        ))}
      </ul>
    </main>
  )
}
