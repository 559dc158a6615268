import { Framebuffer, type Rect } from './framebuffer.ts';
import type { RfbScreen } from './rfb-session.ts';

/** One line of the screen: a tag and its value as text. */
export interface ScreenLine {
  name: string;
  value: string;
}

export interface DeviceScreenOptions {
  /** Device name drawn in the title bar (the SN for a simulated device). */
  title: string;
  width?: number;
  height?: number;
  /** Called when the button is pressed (left button goes down inside it). */
  onPress?: () => void;
}

export const SCREEN_COLORS = {
  background: 0x18232f,
  title: 0x2f6fb3,
  titleText: 0xffffff,
  text: 0xd8e2ec,
  value: 0x7ee081,
  button: 0xe0862b,
  buttonPressed: 0xa85a12,
  buttonText: 0x101010,
  note: 0x8fa1b3,
} as const;

const MAX_LINES = 8;

/**
 * The simulated HMI's screen: a title bar with the device name, one line per tag
 * (`name = value`, refreshed when values change) and a PUSH button. Drawn lazily: changing
 * the lines only marks it stale, the next refresh() redraws, so a device nobody watches pays
 * nothing.
 */
export class DeviceScreen implements RfbScreen {
  readonly button: Rect;
  private readonly fb: Framebuffer;
  private readonly listeners = new Set<() => void>();
  private lines: ScreenLine[] = [];
  private note = '';
  private pressed = false;
  private stale = true;

  constructor(private readonly options: DeviceScreenOptions) {
    this.fb = new Framebuffer(options.width ?? 480, options.height ?? 272);
    this.button = { x: this.fb.width - 140, y: this.fb.height - 64, w: 128, h: 52 };
  }

  /** Replaces the tag lines; listeners hear of it only when the text changed. */
  setLines(lines: ScreenLine[], note = this.note): void {
    const same =
      note === this.note &&
      lines.length === this.lines.length &&
      lines.every((l, i) => l.name === this.lines[i]!.name && l.value === this.lines[i]!.value);
    if (same) return;
    this.lines = lines.map((l) => ({ ...l }));
    this.note = note;
    this.changed();
  }

  refresh(): Framebuffer {
    if (this.stale) this.draw();
    return this.fb;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  get viewers(): number {
    return this.listeners.size;
  }

  pointer(x: number, y: number, buttons: number): void {
    const down = (buttons & 1) !== 0;
    const inside =
      x >= this.button.x &&
      x < this.button.x + this.button.w &&
      y >= this.button.y &&
      y < this.button.y + this.button.h;
    if (down && !this.pressed && inside) {
      this.pressed = true;
      this.changed();
      this.options.onPress?.();
    } else if (!down && this.pressed) {
      this.pressed = false;
      this.changed();
    }
  }

  private changed() {
    this.stale = true;
    for (const l of [...this.listeners]) l();
  }

  private draw() {
    const fb = this.fb;
    const c = SCREEN_COLORS;
    fb.fillRect(0, 0, fb.width, fb.height, c.background);
    fb.fillRect(0, 0, fb.width, 30, c.title);
    fb.drawText(8, 8, this.options.title, c.titleText, 2);
    this.lines.slice(0, MAX_LINES).forEach((line, i) => {
      const y = 40 + i * 20;
      const w = fb.drawText(8, y, `${line.name} = `, c.text, 2);
      fb.drawText(8 + w, y, line.value, c.value, 2);
    });
    if (this.lines.length > MAX_LINES)
      fb.drawText(8, 40 + MAX_LINES * 20, `+${this.lines.length - MAX_LINES} more`, c.note);
    if (this.note) fb.drawText(8, fb.height - 14, this.note, c.note);
    const b = this.button;
    fb.fillRect(b.x, b.y, b.w, b.h, this.pressed ? c.buttonPressed : c.button);
    const label = 'PUSH';
    const lw = Framebuffer.textWidth(label, 3) - 3;
    fb.drawText(b.x + Math.floor((b.w - lw) / 2), b.y + Math.floor((b.h - 21) / 2), label, c.buttonText, 3);
    this.stale = false;
  }
}
