/**
 * A bare static host: files from `build/`, the not-found page for anything else, and no redirect
 * rules. It stands for a host that ignores `_redirects`, so the tests can see what the browser-side
 * fallbacks (redirect stubs, the not-found page following rules) do on their own.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type {AddressInfo} from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
};

export async function startStaticServer(root: string): Promise<{url: string; close: () => Promise<void>}> {
  const base = path.resolve(root);
  const server = http.createServer((req, res) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      // A malformed percent-encoding is the client's mistake, not a crash.
      res.writeHead(400, {'Content-Type': 'text/plain'}).end('Bad request');
      return;
    }
    let file = path.join(base, pathname);
    // Inside the root means below it: `/site-other` is not inside `/site`.
    const inside = file === base || file.startsWith(base + path.sep);
    if (inside && fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    let status = 200;
    if (!inside || !fs.existsSync(file)) {
      file = path.join(base, '404.html');
      status = 404;
    }
    res.writeHead(status, {'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream'});
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
