/**
 * What this Chromium takes, at least, to show N values changing at once: a bare page (no
 * framework, no console) of N boxes on a 1920 x 1080 stage, each value written once a second
 * (a) as the text of a span (the cheapest DOM change there is: one text node's data), or
 * (b) drawn on one canvas (fillText, arcs and rectangles in the runtime bench's mix: text,
 * lamps, bars). Each update frame's main-thread work is read from a trace the same way as the
 * runtime's (chromium-trace.ts), so the runtime's figures can be printed as a ratio to this
 * floor, measured in the same run on the same machine.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser } from 'playwright-core';
import { animationFrames, frameSummary, pageMainThread, traceWhile } from './chromium-trace.ts';

const MARK = 'floor:data';

const page = (variant: 'dom' | 'canvas', n: number) => `<!doctype html><html><body style="margin:0">
<div id="stage" style="position:absolute;left:0;top:0;width:1920px;height:1080px;transform:scale(0.95);transform-origin:0 0"></div>
<script>
const stage = document.getElementById('stage');
const N = ${n};
const at = (i) => [(i % 25) * 76, Math.floor(i / 25) * 53];
const text = (k, i) => (((k * 7 + i) % 1000) / 10).toFixed(1) + ' °C';
let update;
if (${JSON.stringify(variant)} === 'canvas') {
  const c = document.createElement('canvas');
  c.width = 1920; c.height = 1080;
  c.style.cssText = 'position:absolute;left:0;top:0;width:1920px;height:1080px';
  stage.appendChild(c);
  const ctx = c.getContext('2d');
  update = (k) => {
    ctx.clearRect(0, 0, 1920, 1080);
    ctx.font = '16px sans-serif';
    ctx.textAlign = 'right';
    for (let i = 0; i < N; i++) {
      const [x, y] = at(i);
      const t = i % 5;
      if (t < 2) { ctx.fillStyle = '#222'; ctx.fillText(text(k, i), x + 70, y + 30); }
      else if (t < 4) {
        ctx.beginPath(); ctx.arc(x + 35, y + 23, 20, 0, 7);
        ctx.fillStyle = (k + i) % 2 ? '#0f0' : '#333'; ctx.fill();
        ctx.strokeStyle = 'rgba(0,0,0,.35)'; ctx.lineWidth = 2; ctx.stroke();
      } else {
        const h = (((k * 13 + i) % 100) / 100) * 46;
        ctx.fillStyle = '#ddd'; ctx.fillRect(x, y, 70, 46);
        ctx.fillStyle = '#1677ff'; ctx.fillRect(x, y + 46 - h, 70, h);
      }
    }
  };
} else {
  const cells = [];
  for (let i = 0; i < N; i++) {
    const [x, y] = at(i);
    const d = document.createElement('div');
    d.style.cssText = 'position:absolute;left:' + x + 'px;top:' + y + 'px;width:70px;height:46px;display:flex;align-items:center;justify-content:flex-end;font-size:16px';
    const s = document.createElement('span');
    s.textContent = '0';
    d.appendChild(s);
    stage.appendChild(d);
    cells.push(s.firstChild);
  }
  update = (k) => { for (let i = 0; i < N; i++) cells[i].data = text(k, i); };
}
let k = 0;
setInterval(() => { performance.mark('${MARK}'); update(++k); }, 1000);
</script></body></html>`;

/** Each update frame's work on the bare page (p50/p95 of wall and thread CPU, ms). */
export async function renderFloor(browser: Browser, variant: 'dom' | 'canvas', n: number, seconds: number) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  try {
    const p = await context.newPage();
    await p.setContent(page(variant, n));
    await sleep(2000);
    const events = await traceWhile(browser, p, () => sleep(seconds * 1000));
    const thread = pageMainThread(events, MARK);
    const frames = animationFrames(events, thread, MARK).filter((f) => f.marks > 0);
    if (frames.length === 0) throw new Error(`render floor (${variant}): no update frame traced`);
    return frameSummary(frames);
  } finally {
    await context.close();
  }
}
