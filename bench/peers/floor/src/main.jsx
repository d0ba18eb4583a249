import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import './login.css';

function Login() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  return (
    <main className="page">
      <section className="card" aria-labelledby="heading">
        <p className="brand">Floor</p>
        <h1 id="heading">Sign in</h1>
        <form onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="username">Username</label>
          <input
            id="username"
            name="username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
          <label htmlFor="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button type="submit">Sign in</button>
        </form>
      </section>
    </main>
  );
}

createRoot(document.getElementById('root')).render(<Login />);
