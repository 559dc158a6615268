import { parseArgs } from 'node:util';
import type { TunnelTarget } from '@hmi/domain';
import { ConsoleError } from './console-client.ts';
import { forwardPort } from './port-forward.ts';

/*
 * npm run tunnel -- --url http://localhost:8080 --user EMAIL --password PW --device SN --port 502 --local 1502
 * Exposes a port of a device (PLC programming, Modbus) on a local port through remote access.
 */
const usage = `Usage: npm run tunnel -- --device SN --port PORT --local LOCAL [options]
  --url URL        the console (default $TUNNEL_URL or http://localhost:8080)
  --user EMAIL     sign-in name (default $TUNNEL_USER)
  --password PW    password (default $TUNNEL_PASSWORD; prefer the variable)
  --device SN      serial number of the device
  --port PORT      device-side TCP port, or "vnc" (default 502)
  --local LOCAL    local port to listen on (default: same as --port, 5900 for vnc)
  --bind ADDRESS   local address (default 127.0.0.1)
  --help`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.TUNNEL_URL ?? 'http://localhost:8080' },
    user: { type: 'string', default: process.env.TUNNEL_USER },
    password: { type: 'string', default: process.env.TUNNEL_PASSWORD },
    device: { type: 'string' },
    port: { type: 'string', default: '502' },
    local: { type: 'string' },
    bind: { type: 'string', default: '127.0.0.1' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const isPort = (n: number) => Number.isInteger(n) && n >= 1 && n <= 65_535;
if (!values.user || !values.password)
  fail('--user and --password (or TUNNEL_USER, TUNNEL_PASSWORD) are required');
if (!values.device) fail('--device SN is required');
if (!/^https?:\/\//.test(values.url)) fail('--url must start with http:// or https://');
const target: TunnelTarget = values.port === 'vnc' ? 'vnc' : { port: Number(values.port) };
if (target !== 'vnc' && !isPort(target.port)) fail('--port must be 1..65535 or vnc');
const local = Number(values.local ?? (target === 'vnc' ? 5900 : target.port));
if (!isPort(local)) fail('--local must be 1..65535');

try {
  const forward = await forwardPort({
    url: values.url,
    user: values.user,
    password: values.password,
    sn: values.device,
    target,
    localPort: local,
    localHost: values.bind,
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
  });
  console.log(
    `Forwarding ${values.bind}:${forward.port} -> device ${values.device} (id ${forward.deviceId}) ` +
      `${target === 'vnc' ? 'vnc' : `port ${target.port}`} via ${values.url}. Ctrl+C stops.`,
  );
  const stop = () => void forward.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (err) {
  console.error(err instanceof ConsoleError ? err.message : `tunnel: ${(err as Error).message}`);
  process.exit(1);
}
