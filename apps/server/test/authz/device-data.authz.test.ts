import { goLive } from './live-device.ts';
import { describeMatrix } from './matrix.ts';
import { deviceDataRows } from './rows/device-data.rows.ts';

describeMatrix('device data (history, last values, tag writes)', deviceDataRows, {
  env: { INGEST_BATCH_MS: '10' },
  setup: async (fx) => {
    const live = await goLive(fx.server, fx.scoped.device, fx.a.main.token);
    await live.data({ [fx.scoped.template.tags.speed]: 7, [fx.scoped.template.tags.temp]: 1.5 });
    return live.close;
  },
});
