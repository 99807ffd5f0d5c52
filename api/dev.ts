// `npm run dev`: the API with reload (tsx watch) on PORT (8080) and the Vite dev server with HMR
// on 5173, which proxies /api to the API. Ctrl-C stops both. Vite listens on localhost, so the
// address it prints is a host name: browsers refuse passkeys on 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'api/main.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite', '--host', 'localhost'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
