import type { ProjectScreen, ScreenDocument } from '@hmi/domain';
import type { Project } from '../../db/tables/projects.ts';
import { wholeTeam } from '../../lib/data-scope.ts';
import { presentScreen } from './project.presenter.ts';
import type { ProjectRepo } from './project.repo.ts';
import { readDocument } from './screen.service.ts';
import type { ScreenRepo, ScreenSummaryRow } from './screen.repo.ts';

/** A screen of a project with its document read forward to the current version. */
export interface ScreenOfProject {
  id: number;
  name: string;
  document: ScreenDocument;
}

/**
 * What other modules read of a project once they know which one (its pictures, its share links
 * and their viewers): no caller and no data scope here, the asking module has settled access
 * (a signed-in caller through ProjectAccess, a viewer through its link).
 */
export class ProjectReads {
  constructor(
    private readonly projects: ProjectRepo,
    private readonly screens: ScreenRepo,
  ) {}

  /** The project when it is the team's. */
  project(teamId: number, projectId: number): Promise<Project | undefined> {
    return this.projects.findInScope(wholeTeam(teamId), projectId);
  }

  screenSummaries(projectId: number): Promise<ScreenSummaryRow[]> {
    return this.screens.summaries(projectId);
  }

  /** The screen, as the designer reads it, when it is the project's (the team's project). */
  async screen(teamId: number, projectId: number, screenId: number): Promise<ProjectScreen | undefined> {
    const scope = { ...wholeTeam(teamId), projects: new Set([projectId]) };
    const row = await this.screens.findInScope(scope, screenId);
    if (row?.project_id !== projectId) return undefined;
    return presentScreen(row, readDocument(JSON.parse(row.document)));
  }

  /** Every screen of the project with its document (a document that no longer reads is left out). */
  async documents(projectId: number): Promise<ScreenOfProject[]> {
    const rows = await this.screens.documents(projectId);
    return rows.flatMap((r) => {
      try {
        return [{ id: r.id, name: r.name, document: readDocument(JSON.parse(r.document)) }];
      } catch {
        return [];
      }
    });
  }

  deviceIds(projectId: number): Promise<number[]> {
    return this.projects.deviceIds(projectId);
  }
}
