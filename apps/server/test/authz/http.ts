import ExcelJS from 'exceljs';
import { WebSocket } from 'ws';
import type { TestServer } from '../test-server.ts';
import type { CellRequest } from './matrix-types.ts';

/** A reply as the matrix reads it: the envelope's code (0 for a file) and all of its text. */
export interface CellReply {
  status: number;
  /** The envelope's code; 0 for a file served with 200; null when neither (a redirect). */
  code: number | null;
  /** Every byte of text the caller received: JSON, CSV, or the cells of a workbook. */
  text: string;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function queryString(query: CellRequest['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The text of every cell of every sheet of a workbook. */
async function workbookText(bytes: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: string[] = [];
  for (const sheet of workbook.worksheets) {
    sheet.eachRow((row) => {
      for (const value of (row.values as unknown[]).slice(1)) {
        if (value !== null && value !== undefined) cells.push(String(value));
      }
    });
  }
  return cells.join('\n');
}

/** Sends a cell's request to the route (full URL of the route table) with the token, if any. */
export async function send(
  server: TestServer,
  method: string,
  url: string,
  token: string | undefined,
  request: CellRequest,
): Promise<CellReply> {
  const headers: Record<string, string> = { ...request.headers };
  if (token !== undefined) headers.authorization = token;
  let body: FormData | string | undefined;
  if (request.form) body = await request.form();
  else if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const res = await fetch(`${server.url}${url}${queryString(request.query)}`, {
    method,
    headers,
    body,
    redirect: 'manual',
  });
  const type = res.headers.get('content-type') ?? '';
  const bytes = Buffer.from(await res.arrayBuffer());
  if (type.startsWith('application/json')) {
    const text = bytes.toString('utf8');
    return { status: res.status, code: (JSON.parse(text) as { code: number }).code, text };
  }
  const file = res.status === 200 ? 0 : null;
  if (type.startsWith(XLSX) && res.status === 200) {
    return { status: res.status, code: file, text: await workbookText(bytes) };
  }
  return { status: res.status, code: file, text: bytes.toString('utf8') };
}

/** Opens a WebSocket route and resolves with its close code (or 'open' when it stays open 1 s). */
export function socketOutcome(server: TestServer, url: string, token?: string): Promise<number | 'open'> {
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}${url}${query}`);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      ws.terminate();
      resolve('open');
    }, 1_000);
    ws.on('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    ws.on('error', () => undefined);
  });
}
