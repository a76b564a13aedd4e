/** The team's pages, exactly as SPEC.md section 2 spells them. */
export const TEAM_ROUTES = {
  index: '/pages/linkShare/index',
  recommend: '/pages/linkShare/recommend',
} as const;

/** The invitation link as the app opens it: absolute, whatever the server was configured with. */
export function absoluteLink(link: string, origin: string): string {
  try {
    return new URL(link, origin).toString();
  } catch {
    return link;
  }
}
