import { AlarmRuleRepo } from '../modules/alarm-rule/alarm-rule.repo.ts';
import { reconcileBrokerAtStart } from '../modules/device-connection/broker-registry.ts';
import { DbDeviceRegistry } from '../modules/device-connection/db-device-registry.ts';
import { DeviceConfigPublisher } from '../modules/device-connection/device-config.publisher.ts';
import { DeviceConnectionRepo } from '../modules/device-connection/device-connection.repo.ts';
import { DeviceConnectionService } from '../modules/device-connection/device-connection.service.ts';
import { DeviceLinkRunner } from '../modules/device-connection/device-link.runner.ts';
import { DeviceStateService } from '../modules/device-connection/device-state.service.ts';
import { HistoryBatchRepo } from '../modules/history-store/history-batch.repo.ts';
import { HistoryFlushRepo } from '../modules/history-store/history-flush.repo.ts';
import { HistoryFlusher } from '../modules/history-store/history-flusher.ts';
import { HistoryFramesReader } from '../modules/history-store/history-frames.reader.ts';
import { HistoryMemory } from '../modules/history-store/history-memory.ts';
import { HistoryReadRepo } from '../modules/history-store/history-read.repo.ts';
import { HistoryWriter } from '../modules/history-store/history-writer.ts';
import { HistoryStore } from '../modules/history-store/index.ts';
import { IngestDropsRepo } from '../modules/history-store/ingest-drops.repo.ts';
import { LastValuesRepo } from '../modules/history-store/last-values.repo.ts';
import { BrokerSessionCheck } from '../modules/device-connection/broker-session-check.ts';
import { RemoteLastValues } from '../modules/history-store/remote-last-values.ts';
import { TagWritesRepo } from '../modules/history-store/tag-writes.repo.ts';
import { Catalogue } from '../modules/device/index.ts';
import { DeviceTagsRepo } from '../modules/device/device-tags.repo.ts';
import { DeviceRepo } from '../modules/device/device.repo.ts';
import { TemplateRepo } from '../modules/device/template.repo.ts';
import { createDeviceLink, readDeviceLinkEnv } from '../plugins/mqtt/device-link-settings.ts';
import type { Infrastructure } from './infrastructure.ts';
import { historyBatchMeter } from './operations.ts';

/**
 * The history store over one memory: the writer (batches, flusher) and the reads that add what
 * memory holds to what the tables hold. (The crash harness builds the same writer and reads.)
 */
export function composeHistoryStore(infra: Infrastructure, remote?: RemoteLastValues): HistoryStore {
  const { db, dbEngine: engine, config, log } = infra;
  const memory = new HistoryMemory(db);
  const onError = (err: unknown) => log.error({ err }, 'history batch failed');
  const flusher = new HistoryFlusher(
    new HistoryFlushRepo(db, engine),
    memory,
    { flushMs: config.ingest.flushMs, name: config.ingest.writerName },
    onError,
  );
  const writer = new HistoryWriter(
    new HistoryBatchRepo(db, engine, memory),
    flusher,
    config.ingest,
    onError,
    historyBatchMeter(infra.metrics),
  );
  return new HistoryStore(
    {
      writer,
      reads: new HistoryReadRepo(db, engine, memory, new HistoryFramesReader(db, memory)),
      lastValues: new LastValuesRepo(db, memory, remote),
      drops: new IngestDropsRepo(db),
      tagWrites: new TagWritesRepo(db),
    },
    { retention: config.history, log },
  );
}

/**
 * Devices and what they record: the device link (MQTT, embedded broker or external), the history
 * store, the device config publisher and connection state, and the reads of the template
 * catalogue that billing needs before the template service exists (it reads billing's allowance).
 */
export function composeDeviceStore(infra: Infrastructure) {
  const { db, config, log } = infra;
  const deviceRegistry = new DbDeviceRegistry(db);
  const linkSettings = readDeviceLinkEnv({
    mqttUrl: config.mqttUrl,
    mqttPort: config.mqttPort,
    deviceAutoRegister: config.deviceAutoRegister,
    host: config.host,
    broker: config.broker,
  });
  if (config.mqttClientId) linkSettings.clientId = config.mqttClientId;
  if (config.mqttShareGroup) linkSettings.shareGroup = config.mqttShareGroup;
  // An external broker must keep this server's session across its absences: warn when it did not.
  if (config.mqttUrl)
    linkSettings.onSession = new BrokerSessionCheck(db, config.ingest.writerName, log).onSession;
  const deviceLink = createDeviceLink(linkSettings, deviceRegistry);
  // With several servers: the values others committed and may not have flushed yet.
  const remoteValues = config.busUrl
    ? new RemoteLastValues(infra.bus, 2 * config.ingest.flushMs + 1_000)
    : undefined;
  const historyStore = composeHistoryStore(infra, remoteValues);
  const templateRepo = new TemplateRepo(db);
  // The one reader of devices, templates and their tags for the other modules.
  const catalogue = new Catalogue(db, {
    devices: new DeviceRepo(db),
    templates: templateRepo,
    tags: new DeviceTagsRepo(db),
  });
  const ruleRepo = new AlarmRuleRepo(db);
  const deviceConfig = new DeviceConfigPublisher(db, deviceLink, catalogue.tags, ruleRepo, log);
  const deviceConnections = new DeviceConnectionService(new DeviceConnectionRepo(db));
  const deviceState = new DeviceStateService(db, deviceConfig, log, deviceConnections);
  return {
    services: { deviceRegistry, deviceLink, deviceConfig, deviceConnections, historyStore },
    /**
     * Devices connect (device state attached first); with MQTT_DYNSEC_USER the broker's device
     * accounts are then reconciled with the registry (docs/broker-registry.md).
     */
    linkRunner: new DeviceLinkRunner(
      deviceLink,
      deviceState,
      config,
      config.mqttDynsec ? () => reconcileBrokerAtStart(config, deviceRegistry, log) : undefined,
    ),
    catalogue,
    /** With several servers: listens for the values other servers commit (start before ingest). */
    remoteValues,
    ruleRepo,
    templateRepo,
    /** A team's templates as billing counts and locks them (TemplateCounts, TemplateCreations). */
    templateReads: {
      countOf: (teamId: number) => templateRepo.countTeam(teamId),
      creationsOf: templateRepo.creations.bind(templateRepo),
    },
  };
}

export type DeviceStore = ReturnType<typeof composeDeviceStore>;
