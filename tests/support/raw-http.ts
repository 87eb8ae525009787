/**
 * HTTP/1.1 over a raw socket: the request target is sent byte for byte, with no client in between
 * to normalise, encode or refuse it, and the answer's head is read as bytes, so that a stray CR or LF
 * in a header is seen rather than parsed away.
 */
import net from 'node:net';

export interface RawAnswer {
  /**
   * The status, or 0 for an HTTP/0.9 answer: a request line without a version (which a raw LF in the
   * target makes) gets the body alone, with no status line and no headers at all.
   */
  status: number;
  /** Every header line of the head, in order, split at its first colon. */
  headers: [string, string][];
  /** The head exactly as received, up to the blank line. */
  head: Buffer;
}

/** The values of one header (case-insensitive), in order. */
export function headerValues(answer: RawAnswer, name: string): string[] {
  return answer.headers.filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v);
}

/** Sends `GET <target> HTTP/1.1` with `target` as raw bytes (latin1 for a string) and reads the head. */
export function rawGet(port: number, target: string | Buffer, timeoutMs = 5000): Promise<RawAnswer> {
  const bytes = Buffer.concat([
    Buffer.from('GET ', 'latin1'),
    typeof target === 'string' ? Buffer.from(target, 'latin1') : target,
    Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', 'latin1'),
  ]);
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks);
      if (!all.subarray(0, 5).equals(Buffer.from('HTTP/'))) {
        resolve({status: 0, headers: [], head: Buffer.alloc(0)});
        return;
      }
      const end = all.indexOf('\r\n\r\n');
      const head = end < 0 ? all : all.subarray(0, end);
      const [statusLine = '', ...lines] = head.toString('latin1').split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      const headers = lines.map((line): [string, string] => {
        const at = line.indexOf(':');
        return at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at + 1).trim()];
      });
      resolve({status, headers, head});
    });
    socket.write(bytes);
  });
}
