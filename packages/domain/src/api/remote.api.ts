import { z } from 'zod';
import { tunnelTargetSchema } from '../protocol/device-payloads.ts';

/**
 * Contract of remote access (the remote access issue; docs/api.md, Remote access): a browser, the
 * tunnel CLI or the DIACom app opens a session to a device; the server sends the device
 * `tunnel_open` and joins the device's WebSocket to the client's. Operating (keyboard, mouse,
 * another port) needs devicelist hmi 6 and the device's security zone in the caller's role;
 * watching needs hmi-check 48 (or 6). One operator per device at a time: a second caller gets a
 * view-only session naming the operator, unless an administrator asks to take over.
 */
export const RemotePaths = {
  open: '/remote/open', // POST remoteOpenBody -> remoteSession        (hmi 6 operate / hmi-check 48 view)
  close: '/remote/close', // POST remoteSessionRef -> remoteSessionRecord (own session; admin: any)
  session: '/remote/session', // GET remoteSessionQuery -> remoteSessionRecord (status line)
  sessions: '/remote/sessions', // GET remoteSessionsQuery -> remoteSessionsPage (device page)
  status: '/remote/status', // GET remoteStatusQuery -> tunnelStatus[]   (device list 2)
} as const;

/** Browser side of a tunnel: `${WS_BASE}/v1/ws/tunnel/{tunnel_id}?token=...` (binary frames). */
export const TUNNEL_BROWSER_WS_PATH = '/ws/tunnel';
/** Device side: `/v1/ws/tunnel-device/{tunnel_id}?token=...` (the `url` in `tunnel_open`). */
export const TUNNEL_DEVICE_WS_PATH = '/ws/tunnel-device';
/** X-Client-Id the tunnel CLI (`npm run tunnel`) sends: its sessions are recorded as client 'cli'. */
export const TUNNEL_CLI_CLIENT_ID = 'hmi-tunnel-cli';
/** A tunnel token (browser's or device's) is single use and lives this long. */
export const TUNNEL_TOKEN_TTL_MS = 30_000;

/** Close codes of a tunnel WebSocket (the reason text carries the end reason). */
export const TunnelCloseCode = {
  /** Token missing, wrong, used, expired or bound to another tunnel / device / user. */
  BadToken: 4001,
  /** The session ended (reason: one of remoteEndReasons). */
  Ended: 4000,
} as const;

export const remoteEndReasons = [
  'client', // the browser or CLI closed
  'device', // the device closed its side
  'closed', // POST /remote/close by the session's user
  'admin', // an administrator ended it
  'takeover', // an administrator took over the device
  'max_duration', // REMOTE_MAX_SESSION_MINUTES reached (SPEC 4)
  'idle', // no byte either way for REMOTE_IDLE_MINUTES
  'traffic', // the device's RA traffic ran out or its card expired
  'access', // the user lost permission, zone or device
  'shutdown', // the server stopped
  'error', // the device refused or never dialled
] as const;
export type RemoteEndReason = (typeof remoteEndReasons)[number];

export const remoteModes = ['operate', 'view'] as const;
export type RemoteMode = (typeof remoteModes)[number];

export const remoteOpenBody = z.object({
  device_id: z.number().int().positive(),
  /** Default vnc. A port target always operates (hmi 6). */
  target: tunnelTargetSchema.optional(),
  /** Ask for a view-only session even with hmi 6. */
  view_only: z.boolean().optional(),
  /** The answer to the 12G prompt (1047) for this month. */
  confirm_12g: z.boolean().optional(),
  /** Administrator only: end the current operator's session and operate. */
  takeover: z.boolean().optional(),
});
export type RemoteOpenBody = z.infer<typeof remoteOpenBody>;

/** What the client needs to join its tunnel. */
export const remoteSession = z.object({
  session_id: z.number().int(),
  tunnel_id: z.string(),
  /** Path and query under the regional host: `/v1/ws/tunnel/{tunnel_id}?token=...`. */
  ws_path: z.string(),
  mode: z.enum(remoteModes),
  /** Set when someone else operates (this session is view-only because of it). */
  operator_name: z.string().nullable(),
  started_at: z.number().int(),
  /** The session closes at started_at + max_duration_ms. */
  max_duration_ms: z.number().int(),
});
export type RemoteSession = z.infer<typeof remoteSession>;

export const remoteSessionRef = z.object({ session_id: z.number().int().positive() });
export const remoteSessionQuery = z.object({ session_id: z.coerce.number().int().positive() });

/** One recorded session (every session is kept: who, device, when, bytes, why it ended). */
export const remoteSessionRecord = z.object({
  session_id: z.number().int(),
  device_id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  mode: z.enum(remoteModes),
  /** 'vnc' or the device port. */
  target: z.string(),
  client: z.enum(['web', 'cli', 'diacom']),
  started_at: z.number().int(),
  ended_at: z.number().int().nullable(),
  /** Browser -> device. */
  bytes_up: z.number().int(),
  /** Device -> browser. */
  bytes_down: z.number().int(),
  end_reason: z.enum(remoteEndReasons).nullable(),
});
export type RemoteSessionRecord = z.infer<typeof remoteSessionRecord>;

export const remoteSessionsQuery = z.object({
  device_id: z.coerce.number().int().positive(),
  page: z.coerce.number().int().positive().default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const remoteSessionsPage = z.object({
  total: z.number().int(),
  items: z.array(remoteSessionRecord),
});

export const remoteStatusQuery = z.object({
  /** Comma-separated device ids (at most 100). */
  device_ids: z.string().regex(/^\d+(,\d+){0,99}$/),
});

/** Tunnel status of a device (device list, device page); also pushed as act 'tunnel'. */
export const tunnelStatus = z.object({
  device_id: z.number().int(),
  state: z.enum(['idle', 'in_use']),
  /** Who operates now (null: nobody, or only viewers). */
  operator_name: z.string().nullable(),
  viewers: z.number().int(),
});
export type TunnelStatus = z.infer<typeof tunnelStatus>;
/** GET RemotePaths.status reply: the status of each device asked for that is in the caller's scope. */
export const tunnelStatusReply = z.array(tunnelStatus);

/**
 * DIACom (SPEC 1): a per-user switch; when on, the companion app (the user's token plus header
 * `X-Client-Id: <DIACOM_CLIENT_ID>`) lists the user's permitted devices and opens sessions with
 * RemotePaths.open; when off it gets an empty list and 1002. getUserInfo carries `diacom` (0/1).
 */
export const DiacomPaths = {
  setSwitch: '/user/diacom', // POST diacomSwitchBody -> diacomSwitchBody (own account)
  devices: '/diacom/devices', // GET (app) -> diacom device list
} as const;
export const diacomSwitchBody = z.object({ enabled: z.boolean() });

/** GET DiacomPaths.devices reply: the devices the DIACom app may open. */
export const diacomDeviceList = z.object({
  list: z.array(
    z.object({
      device_id: z.number().int(),
      sn: z.string(),
      name: z.string().nullable(),
      online: z.number().int(),
      /** The HMI's VNC server: 1 on, 0 off, null unknown. */
      vnc: z.number().int().nullable(),
      firmware: z.string(),
      tunnel_state: z.enum(['idle', 'in_use']),
      operator_name: z.string().nullable(),
    }),
  ),
});
export type DiacomDeviceList = z.infer<typeof diacomDeviceList>;
