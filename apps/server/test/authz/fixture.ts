import { AlarmType, allPermissionIds, type AlarmGroup, type AlarmRule, type MonitorTag } from '@hmi/domain';
import { expect } from 'vitest';
import { createActiveUser, uniqueEmail } from '../factories.ts';
import type { TestServer } from '../test-server.ts';
import {
  buildDevice,
  buildGroup,
  buildLabel,
  buildTemplate,
  setTemplateLimit,
} from '../../src/modules/device/device-test-factories.ts';
import { insertAlarmRecord } from '../../src/modules/alarm/alarm-test-helpers.ts';
import { insertMessage } from '../../src/modules/messages/message-test-helpers.ts';
import { CallerPool } from './callers.ts';
import { FreshObjects } from './fresh.ts';
import { marked, neutral, SCOPE_MARK, TEAM_MARK } from './marks.ts';
import { createRole, type Member, type RoleScope } from './members.ts';
import { buildTeamObjects, type TeamObjects } from './team-objects.ts';

/** Team A's template tags: numeric, writable, and a BOOL (names carry the scope mark). */
export const FIXTURE_TAGS = [
  { name: `${SCOPE_MARK}_speed`, data_type: 1, rw: 2 },
  { name: `${SCOPE_MARK}_temp`, data_type: 7, rw: 2 },
  { name: `${SCOPE_MARK}_run`, data_type: 0, rw: 0 },
] as const;

export interface Team {
  main: Member;
  teamId: number;
  dataCenter: string;
}

/** Team A's objects inside the in-scope role (marked with SCOPE_MARK). */
export interface ScopedObjects {
  device: { id: number; sn: string; secret: string; name: string };
  group: { id: number };
  template: { id: number; tags: { speed: number; temp: number; run: number } };
  point: { id: number; tagId: number };
  rule: { id: number };
  record: { id: number };
  /** A project using the device, with one screen binding nothing. */
  project: { id: number; screenId: number };
}

/** Team A's objects the out-of-scope role holds instead (team mark only). */
export interface DecoyObjects {
  device: { id: number };
  group: { id: number };
  template: { id: number };
  project: { id: number };
}

/**
 * The data of the matrix: team A (main account, every kind of object the routes touch, members
 * of each caller class) and team B (main account). Built once per suite file.
 */
export class Fixture {
  readonly callers: CallerPool;
  readonly fresh: FreshObjects;
  private teamObjects?: TeamObjects;

  private constructor(
    readonly server: TestServer,
    readonly a: Team,
    readonly b: Team,
    readonly scoped: ScopedObjects,
    readonly decoy: DecoyObjects,
    readonly label: { id: number },
    readonly alarmGroup: { id: number },
    readonly roles: { inScope: number; outOfScope: number },
  ) {
    this.fresh = new FreshObjects(this);
    this.callers = new CallerPool(this);
  }

  /** The in-scope role's data permissions (the fixture objects). */
  get inScope(): RoleScope {
    return {
      devices: [this.scoped.device.id],
      groups: [this.scoped.group.id],
      templates: [this.scoped.template.id],
      projects: [this.scoped.project.id],
    };
  }

  /** Team A's roles, zone, second member and invitation (built by `withTeam`, the team suite's setup). */
  get team(): TeamObjects {
    if (!this.teamObjects)
      throw new Error('the team objects are built by fx.withTeam() (describeMatrix setup)');
    return this.teamObjects;
  }

  async withTeam(): Promise<void> {
    this.teamObjects ??= await buildTeamObjects(this);
  }

  static async build(server: TestServer): Promise<Fixture> {
    const a = await team(server, `${TEAM_MARK}_Main`, uniqueEmail(TEAM_MARK.toLowerCase()));
    const b = await team(server);
    const token = a.main.token;
    const template = await buildTemplate(server, token, {
      name: marked(SCOPE_MARK, 'template'),
      tags: [...FIXTURE_TAGS],
    });
    const tagId = (name: string) => template.tags.find((t) => t.name === name)!.id;
    const tags = {
      speed: tagId(FIXTURE_TAGS[0].name),
      temp: tagId(FIXTURE_TAGS[1].name),
      run: tagId(FIXTURE_TAGS[2].name),
    };
    const group = await buildGroup(server, token, { name: marked(SCOPE_MARK, 'group') });
    const label = await buildLabel(server, token, marked(TEAM_MARK, 'label'));
    const name = marked(SCOPE_MARK, 'device');
    const device = await buildDevice(server, token, {
      name,
      group_id: group.id,
      template_id: template.id,
      label_ids: [label.id],
      remark: marked(SCOPE_MARK, 'remark'),
    });
    const decoy = {
      device: await buildDevice(server, token, { name: marked(TEAM_MARK, 'decoy') }),
      group: await buildGroup(server, token, { name: marked(TEAM_MARK, 'decoy') }),
      template: await buildTemplate(server, token, { name: marked(TEAM_MARK, 'decoy') }),
      project: await ok<{ id: number }>(server, token, '/project/add', { name: marked(TEAM_MARK, 'decoy') }),
    };
    const project = await ok<{ id: number }>(server, token, '/project/add', {
      name: marked(SCOPE_MARK, 'project'),
      description: marked(SCOPE_MARK, 'about'),
      device_ids: [device.id],
    });
    const screen = await ok<{ id: number }>(server, token, '/project/screen/add', {
      project_id: project.id,
      name: marked(SCOPE_MARK, 'screen'),
    });
    const alarmGroup = await ok<AlarmGroup>(server, token, '/alarm/group/add', {
      name: marked(TEAM_MARK, 'ag').slice(0, 32),
    });
    const rule = await ok<AlarmRule>(server, token, '/alarm/rule/add', {
      template_id: template.id,
      name: marked(SCOPE_MARK, 'rule'),
      level: 16,
      tag_id: tags.speed,
      type: AlarmType.High,
      value: '65000',
      content: marked(SCOPE_MARK, 'content'),
    });
    const point = await ok<MonitorTag>(server, token, '/device/monitor/add', {
      id: device.id,
      name: marked(SCOPE_MARK, 'point'),
      data_type: 1,
      address: 'D100',
    });
    const record = await insertAlarmRecord(server, a.teamId, device.id, {
      ruleName: marked(SCOPE_MARK, 'record'),
      content: marked(SCOPE_MARK, 'alarm'),
      tagName: FIXTURE_TAGS[0].name,
    });
    const scoped: ScopedObjects = {
      device: { id: device.id, sn: device.sn, secret: device.secret, name },
      group: { id: group.id },
      template: { id: template.id, tags },
      point: { id: point.point_id!, tagId: point.tag_id },
      rule: { id: rule.id },
      record: { id: record.id },
      project: { id: project.id, screenId: screen.id },
    };
    const roles = {
      inScope: await createRole(server, a.teamId, allPermissionIds, {
        devices: [device.id],
        groups: [group.id],
        templates: [template.id],
        projects: [project.id],
      }),
      outOfScope: await createRole(server, a.teamId, allPermissionIds, {
        devices: [decoy.device.id],
        groups: [decoy.group.id],
        templates: [decoy.template.id],
        projects: [decoy.project.id],
      }),
    };
    const fx = new Fixture(server, a, b, scoped, decoy, label, alarmGroup, roles);
    await fx.callers.init();
    return fx;
  }

  /**
   * The messages every member of team A has: a notice of its own (team mark); the main account
   * and the in-scope member also an alarm message of the fixture record (scope mark).
   */
  async giveMessages(member: Member, inScope: boolean): Promise<number> {
    const notice = await insertMessage(this.server, this.a.teamId, member.id, {
      title: marked(TEAM_MARK, 'notice'),
    });
    if (inScope) {
      await insertMessage(this.server, this.a.teamId, member.id, {
        kind: 'alarm',
        title: marked(SCOPE_MARK, 'message'),
        alarmRecordId: this.scoped.record.id,
      });
    }
    return notice;
  }
}

async function team(server: TestServer, name = neutral('Owner'), email?: string): Promise<Team> {
  const user = await createActiveUser(server, { name, ...(email ? { email } : {}) });
  await setTemplateLimit(server, user.profile.team_id, 1000);
  return {
    main: {
      id: user.profile.dbuser_id,
      teamId: user.profile.team_id,
      email: user.email,
      password: user.password,
      name,
      token: user.tokens.token,
    },
    teamId: user.profile.team_id,
    dataCenter: user.profile.data_center,
  };
}

/** POST as the caller; expects success and returns the data. */
export async function ok<T>(server: TestServer, token: string, path: string, body: unknown): Promise<T> {
  const res = await server.call<T>('POST', path, { token, body });
  expect(res.body, `${path} ${JSON.stringify(body)}`).toMatchObject({ code: 0 });
  return res.body.data;
}
