// A small website on loopback for the research's page reader: a company page, a dated news article,
// and the pages that go wrong in the wild (a redirect loop, a page too large, a server that never
// answers, an app shell with no text, hidden text written for a model, a PDF, a cookie, a robots.txt
// that keeps robots out of /private). It lists every path it is asked for, and every cookie sent.
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureSite {
  /** The site's origin, http://127.0.0.1:<port>. */
  url: string;
  close(): Promise<void>;
  /** Every path asked for, in order ('/robots.txt', '/freightly'). */
  hits: string[];
  /** Every Cookie header the site received (none, when the client keeps no cookies). */
  cookies: string[];
}

export interface FixtureSiteOptions {
  /** What /robots.txt answers: rules keeping robots out of /private (the default), 404, or 503. */
  robots?: 'disallow-private' | 'missing' | 'failing';
}

const page = (name: string) =>
  readFileSync(new URL(`./fixtures/site/${name}`, import.meta.url), 'utf8');

const PAGES: Record<string, string> = {
  '/freightly': page('freightly.html'),
  '/news/freightly-raises': page('freightly-raises.html'),
  '/injection': page('injection.html'),
  '/empty': page('empty.html'),
  '/cookies': page('cookies.html'),
  '/private/page': page('private-page.html'),
  '/annual-report': annualReport(),
};

const ROBOTS_TXT =
  '# Partner pages stay out of search engines.\nUser-agent: *\nDisallow: /private\n';

const NOTES_TXT = [
  'Freightly carrier notes',
  '',
  'Carriers join Freightly after a check of their licence, insurance and',
  'safety record. Around 9,000 carriers are on the platform.',
  '',
  'Carriers are paid within 14 days of delivery.',
  '',
].join('\n');

/** A short, valid PDF: what a link to a brochure gives. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A report of about 36,000 characters in 60 sections: longer than the reader keeps. */
function annualReport(): string {
  const sections = Array.from(
    { length: 60 },
    (_, i) =>
      `<h2>Section ${i + 1}</h2><p>In quarter ${(i % 4) + 1} the network carried ${1000 + i * 37} loads on lane ${i + 1}. ` +
      'Rates on the lane moved with diesel prices and the season, and the share of loads booked ' +
      'more than a week ahead rose as shippers planned further out. Carriers on the lane kept ' +
      'their on-time rate above ninety per cent, and claims stayed below one in a thousand loads. ' +
      'The team expects the lane to grow next year as two new warehouses open nearby.</p>',
  );
  return `<!doctype html><html><head><title>Freightly annual report 2025</title></head><body><article><h1>Freightly annual report 2025</h1>${sections.join('')}</article></body></html>`;
}

/** Writes HTML until well past 2 MB, minding back-pressure, and stops when the reader hangs up. */
function streamHuge(res: ServerResponse) {
  const row = `<tr><td>Lane</td><td>Rotterdam to Milan</td><td>${'€1,240 '.repeat(20)}</td></tr>\n`;
  const total = 3 * 1024 * 1024;
  let sent = 0;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.write('<!doctype html><html><head><title>All lanes</title></head><body><table>\n');
  const write = () => {
    while (sent < total && !res.destroyed) {
      sent += row.length;
      if (!res.write(row)) return void res.once('drain', write);
    }
    if (!res.destroyed) res.end('</table></body></html>');
  };
  write();
}

function html(res: ServerResponse, body: string, headers: Record<string, string> = {}) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
}

/** Starts the site on 127.0.0.1 on a free port. */
export async function startFixtureSite(options: FixtureSiteOptions = {}): Promise<FixtureSite> {
  const hits: string[] = [];
  const cookies: string[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fixture').pathname;
    hits.push(path);
    if (req.headers.cookie) cookies.push(req.headers.cookie);

    if (path === '/robots.txt') {
      const robots = options.robots ?? 'disallow-private';
      if (robots === 'missing') return res.writeHead(404).end('Not found');
      if (robots === 'failing') return res.writeHead(503).end('Service unavailable');
      return res.writeHead(200, { 'content-type': 'text/plain' }).end(ROBOTS_TXT);
    }
    if (path === '/redirect') return res.writeHead(302, { location: '/freightly' }).end();
    if (path === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (path === '/huge') return streamHuge(res);
    if (path === '/slow') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        html(res, PAGES['/freightly']!);
      }, 20_000);
      timers.add(timer);
      req.on('close', () => {
        clearTimeout(timer);
        timers.delete(timer);
      });
      return;
    }
    if (path === '/cookies')
      return html(res, PAGES['/cookies']!, {
        'set-cookie': 'fl_session=4f1c2a9e; Path=/; HttpOnly; SameSite=Lax',
      });
    if (path === '/file.pdf')
      return res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
    if (path === '/notes.txt')
      return res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(NOTES_TXT);
    const body = PAGES[path];
    if (body) return html(res, body);
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    cookies,
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
