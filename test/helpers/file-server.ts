import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback server of fixed files by path; anything else is 404. */
export interface FileServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
}

/** Serves `files` (path → bytes) on 127.0.0.1 with `contentType`, for tests that attach links. */
export async function startFileServer(files: Record<string, Buffer>, contentType = 'application/octet-stream'): Promise<FileServer> {
  const server: Server = createServer((request, response) => {
    const body = files[request.url ?? ''];
    if (!body) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': contentType, 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
