import { AlarmType, Perm, type AlarmGroup, type AlarmRule, type MonitorTag } from '@hmi/domain';
import {
  buildDevice,
  buildGroup,
  buildLabel,
  buildTemplate,
  registerDevice,
} from '../../src/modules/device/device-test-factories.ts';
import { insertAlarmRecord } from '../../src/modules/alarm/alarm-test-helpers.ts';
import { ok, type Fixture } from './fixture.ts';
import { marked, SCOPE_MARK, TEAM_MARK } from './marks.ts';
import { addMember, createRole, roleZones, setRoleZones, widenRole, type Member } from './members.ts';
import { markedInvitation, markedRoleName, markedZone, wideRole } from './team-objects.ts';

/**
 * Objects of team A made for one cell (a delete, an unbind, a rename): made by the main account,
 * marked like the fixture objects, and the scoped ones added to the in-scope role, so that the
 * in-scope member may touch them and the out-of-scope member may not.
 */
export class FreshObjects {
  constructor(private readonly fx: Fixture) {}

  private get token() {
    return this.fx.a.main.token;
  }

  /** A device bound to team A (in the fixture's group and template). */
  async device(): Promise<{ id: number }> {
    const d = await buildDevice(this.fx.server, this.token, {
      name: marked(SCOPE_MARK, 'device'),
      group_id: this.fx.scoped.group.id,
    });
    await widenRole(this.fx.server, this.fx.roles.inScope, { devices: [d.id] });
    return { id: d.id };
  }

  /** A registered device no team has bound yet: its SN and PIN. */
  registered(): Promise<{ sn: string; secret: string }> {
    return registerDevice(this.fx.server);
  }

  async group(): Promise<{ id: number }> {
    const g = await buildGroup(this.fx.server, this.token, { name: marked(SCOPE_MARK, 'group') });
    await widenRole(this.fx.server, this.fx.roles.inScope, { groups: [g.id] });
    return { id: g.id };
  }

  async template(): Promise<{ id: number }> {
    const t = await buildTemplate(this.fx.server, this.token, { name: marked(SCOPE_MARK, 'template') });
    await widenRole(this.fx.server, this.fx.roles.inScope, { templates: [t.id] });
    return { id: t.id };
  }

  /** A project of team A (using the fixture device), in the in-scope role. */
  async project(): Promise<{ id: number }> {
    const p = await ok<{ id: number }>(this.fx.server, this.token, '/project/add', {
      name: marked(SCOPE_MARK, 'project'),
      device_ids: [this.fx.scoped.device.id],
    });
    await widenRole(this.fx.server, this.fx.roles.inScope, { projects: [p.id] });
    return { id: p.id };
  }

  /** A screen of the fixture project. */
  screen(): Promise<{ id: number; version: number }> {
    return ok<{ id: number; version: number }>(this.fx.server, this.token, '/project/screen/add', {
      project_id: this.fx.scoped.project.id,
      name: marked(SCOPE_MARK, 'screen'),
    });
  }

  /** A screen of the fixture project with a button writing 42 to the fixture device's speed tag. */
  runScreen(): Promise<{ id: number }> {
    const binding = { deviceId: this.fx.scoped.device.id, tagId: this.fx.scoped.template.tags.speed };
    return ok<{ id: number }>(this.fx.server, this.token, '/project/screen/add', {
      project_id: this.fx.scoped.project.id,
      name: marked(SCOPE_MARK, 'run'),
      document: {
        version: 2,
        widgets: [
          {
            id: 'set',
            type: 'button',
            x: 0,
            y: 0,
            w: 80,
            h: 40,
            props: {},
            actions: [{ kind: 'set', binding, value: 42 }],
          },
        ],
      },
    });
  }

  /** A recipe of the fixture project writing the fixture device's speed tag. */
  recipe(): Promise<{ id: number }> {
    return ok<{ id: number }>(this.fx.server, this.token, '/project/recipe/add', {
      project_id: this.fx.scoped.project.id,
      name: marked(SCOPE_MARK, 'recipe'),
      items: [{ device_id: this.fx.scoped.device.id, tag_id: this.fx.scoped.template.tags.speed, value: 7 }],
    });
  }

  /** A label of team A (team-wide). */
  label(): Promise<{ id: number }> {
    return buildLabel(this.fx.server, this.token, marked(TEAM_MARK, 'label'));
  }

  /** An alarm group of team A (team-wide). */
  alarmGroup(): Promise<AlarmGroup> {
    return ok<AlarmGroup>(this.fx.server, this.token, '/alarm/group/add', {
      name: marked(TEAM_MARK, 'ag').slice(0, 32),
    });
  }

  /** An alarm rule of the fixture template. */
  rule(): Promise<AlarmRule> {
    return ok<AlarmRule>(this.fx.server, this.token, '/alarm/rule/add', {
      template_id: this.fx.scoped.template.id,
      name: marked(SCOPE_MARK, 'rule'),
      level: 1,
      tag_id: this.fx.scoped.template.tags.temp,
      type: AlarmType.High,
      value: '1000000',
    });
  }

  /** An open alarm record of the fixture device. */
  async record(): Promise<{ id: number }> {
    const r = await insertAlarmRecord(this.fx.server, this.fx.a.teamId, this.fx.scoped.device.id, {
      ruleName: marked(SCOPE_MARK, 'record'),
    });
    return { id: r.id };
  }

  /** A monitor point of the fixture device. */
  async point(): Promise<{ id: number }> {
    const p = await ok<MonitorTag>(this.fx.server, this.token, '/device/monitor/add', {
      id: this.fx.scoped.device.id,
      name: marked(SCOPE_MARK, 'point'),
      data_type: 1,
      address: 'D200',
    });
    return { id: p.point_id! };
  }

  /** A role of team A no member holds, granting the fixture objects (within the in-scope role). */
  async role(): Promise<{ id: number }> {
    const id = await createRole(
      this.fx.server,
      this.fx.a.teamId,
      [Perm.DeviceView],
      this.fx.inScope,
      markedRoleName(),
    );
    return { id };
  }

  /** A zone of team A no role holds. */
  zone(): Promise<{ id: number }> {
    return markedZone(this.fx);
  }

  /** A zone of team A held by the in-scope role (so the in-scope member may rename it). */
  async heldZone(): Promise<{ id: number }> {
    const zone = await markedZone(this.fx);
    const role = this.fx.roles.inScope;
    await setRoleZones(this.fx.server, role, [...(await roleZones(this.fx.server, role)), zone.id]);
    return zone;
  }

  /** A role of team A no member holds, wider than every sub-account caller (TeamObjects.wide). */
  async wideRole(): Promise<{ id: number }> {
    return { id: await wideRole(this.fx, [this.fx.team.zone.id, this.fx.team.wide.zone.id]) };
  }

  /** A sub-account of team A holding the wide role. */
  wideMember(): Promise<Member> {
    return addMember(this.fx.server, this.fx.a, this.fx.team.wide.role.id, `${TEAM_MARK}_wide`);
  }

  /** A sub-account of team A holding the team role (to be removed). */
  member(): Promise<Member> {
    return addMember(this.fx.server, this.fx.a, this.fx.team.role.id, `${TEAM_MARK}_fresh`);
  }

  /** A pending invitation of team A to a new account. */
  invitation(): Promise<{ id: number; inviteeId: number }> {
    return markedInvitation(this.fx, this.fx.team.role.id);
  }
}
