import * as z from 'zod/mini';

export const banner = /* @__PURE__ */ z.object({
  id: z.number(),
  bannerType: z.number(),
  title: z.string(),
  imageUrl: z.string(),
  /** An in-app route (#/pages/...) or an external https URL; empty for none. */
  link: z.string(),
});
export type Banner = z.output<typeof banner>;
