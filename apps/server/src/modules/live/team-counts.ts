/** Sockets and streamed tags per team, for the caps LIVE_MAX_SOCKETS_PER_TEAM and LIVE_MAX_TAGS_PER_TEAM. */
export class TeamCounts {
  private readonly teams = new Map<number, { sockets: number; tags: number }>();

  of(teamId: number): { sockets: number; tags: number } {
    let t = this.teams.get(teamId);
    if (!t) this.teams.set(teamId, (t = { sockets: 0, tags: 0 }));
    return t;
  }

  /** A socket of the team closed, streaming `tags` tags. */
  release(teamId: number, tags: number): void {
    const t = this.of(teamId);
    t.sockets--;
    t.tags -= tags;
    if (t.sockets <= 0) this.teams.delete(teamId);
  }
}
