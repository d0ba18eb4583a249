import { Authenticated, Refine, useLogin } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter, Navigate, Outlet, Route, Routes } from 'react-router';
import './login.css';

const TOKEN = 'refine-auth';

const authProvider = {
  login: async ({ username }) => {
    localStorage.setItem(TOKEN, username);
    return { success: true, redirectTo: '/' };
  },
  logout: async () => {
    localStorage.removeItem(TOKEN);
    return { success: true, redirectTo: '/login' };
  },
  check: async () =>
    localStorage.getItem(TOKEN)
      ? { authenticated: true }
      : { authenticated: false, redirectTo: '/login' },
  onError: async () => ({}),
  getIdentity: async () => ({ name: localStorage.getItem(TOKEN) }),
};

function Login() {
  const { mutate: login } = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  return (
    <main className="page">
      <section className="card" aria-labelledby="heading">
        <p className="brand">refine</p>
        <h1 id="heading">Sign in</h1>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            login({ username, password });
          }}
        >
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

function App() {
  return (
    <HashRouter>
      <Refine routerProvider={routerProvider} authProvider={authProvider} resources={[]}>
        <Routes>
          <Route
            element={
              <Authenticated key="app" fallback={<Navigate to="/login" replace />}>
                <Outlet />
              </Authenticated>
            }
          >
            <Route index element={<p>Signed in</p>} />
          </Route>
          <Route path="/login" element={<Login />} />
        </Routes>
      </Refine>
    </HashRouter>
  );
}

createRoot(document.getElementById('root')).render(<App />);
