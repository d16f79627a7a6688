import { Form } from 'react-router'

export const meta = () => [{ title: 'Entrar' }]

export default function Login() {
  return (
    <main>
      <h1>Entrar</h1>
      <Form method="post">
        <label>
          E-mail <input type="email" name="email" required />
        </label>
        <label>
          Senha <input type="password" name="password" required />
        </label>
        <button type="submit">Entrar</button>
      </Form>
    </main>
  )
}
