import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  keepPreviousData,
  queryOptions,
} from '@tanstack/react-query';
import {
  BANNER_TYPE,
  contentCalls,
  type Banner,
  type PublicConfigKey,
  type SiteMail,
} from '@tidemark/contract';
import type { LanguageCode } from '@tidemark/i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/client';
import { nextPageParam } from '../../../api/paging';
import { STALE } from '../../../api/query-client';
import { useSession } from '../../../api/session';
import { useChannel } from '../../../api/use-channel';
import { currentLanguage } from '../../../ui/i18n';

const PAGE_SIZE = 20;

export const contentKeys = {
  banners: (type: number, lang: LanguageCode) => ['content', 'banners', type, lang] as const,
  config: (key: PublicConfigKey) => ['content', 'config', key] as const,
  version: ['content', 'version'] as const,
  announcements: (lang: LanguageCode) => ['content', 'announcements', lang] as const,
  announcement: (id: number, lang: LanguageCode) => ['content', 'announcement', id, lang] as const,
  help: (lang: LanguageCode, keyword: string) => ['content', 'help', lang, keyword] as const,
  academy: (lang: LanguageCode) => ['content', 'academy', lang] as const,
  mail: (token: string | null) => ['content', 'mail', token] as const,
  mailList: (token: string | null) => ['content', 'mail', token, 'list'] as const,
  mailOne: (token: string | null, id: number) => ['content', 'mail', token, 'one', id] as const,
  unread: (token: string | null) => ['content', 'mail', token, 'unread'] as const,
};

/** The app's language; the component renders again when it changes. */
function useLanguage(): LanguageCode {
  useTranslation();
  return currentLanguage();
}

/** The banners of a place in a language (home's are asked for by the entry, main.tsx). */
export const bannersQuery = (bannerType: number, lang: LanguageCode) =>
  queryOptions({
    queryKey: contentKeys.banners(bannerType, lang),
    queryFn: () => request(contentCalls.findByBannerList, { bannerType, lang }, { quiet: true }),
    staleTime: STALE.reference,
  });

/**
 * Home's banners as the server put them in the page (#home-banners, apps/server/src/http/
 * built-app.ts), when the page is in `lang`: home shows them without asking.
 */
export function bannersInPage(lang: LanguageCode): Banner[] | undefined {
  const element = document.getElementById('home-banners');
  if (!element || element.dataset.pageLang !== lang) return undefined;
  try {
    const parsed = contentCalls.findByBannerList.output.safeParse(
      JSON.parse(element.textContent ?? ''),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function useBanners(bannerType: number = BANNER_TYPE.home) {
  const lang = useLanguage();
  return useQuery(bannersQuery(bannerType, lang));
}

export function useAppVersion() {
  return useQuery({
    queryKey: contentKeys.version,
    queryFn: () => request(contentCalls.getVsersion, { type: 2 }, { quiet: true }),
    staleTime: STALE.reference,
  });
}

/** A public configuration value (logo, online customer service URL, ...). */
export function useConfigValue(configKey: PublicConfigKey) {
  return useQuery({
    queryKey: contentKeys.config(configKey),
    queryFn: () => request(contentCalls.findConfigByKey, { configKey }, { quiet: true }),
    select: (answer) => answer.configValue,
    staleTime: STALE.reference,
  });
}

export function useAnnouncements() {
  const lang = useLanguage();
  return useInfiniteQuery({
    queryKey: contentKeys.announcements(lang),
    queryFn: ({ pageParam }) =>
      request(
        contentCalls.findAnnouncementList,
        { lang, page: pageParam, pageSize: PAGE_SIZE },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export function useAnnouncement(id: number | null) {
  const lang = useLanguage();
  return useQuery({
    queryKey: contentKeys.announcement(id ?? 0, lang),
    queryFn: () => request(contentCalls.findAnnouncement, { id: id!, lang }, { quiet: true }),
    enabled: id !== null,
  });
}

export function useHelpQuestions(keyword: string) {
  const lang = useLanguage();
  return useQuery({
    queryKey: contentKeys.help(lang, keyword),
    queryFn: () =>
      request(
        contentCalls.findQuestionInfoList,
        { lang, ...(keyword ? { keyword } : {}) },
        { quiet: true },
      ),
    placeholderData: keepPreviousData,
    staleTime: STALE.reference,
  });
}

export function useAcademyLessons() {
  const lang = useLanguage();
  return useInfiniteQuery({
    queryKey: contentKeys.academy(lang),
    queryFn: ({ pageParam }) =>
      request(
        contentCalls.findNoviceCenterList,
        { lang, page: pageParam, pageSize: PAGE_SIZE },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

/** A new mail (the user channel's mail.new) refreshes the mailbox and its badge. */
function useLiveMail(): void {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  useChannel(token ? 'user' : null, (event) => {
    if (event.event === 'mail.new')
      void queryClient.invalidateQueries({ queryKey: contentKeys.mail(token) });
  });
}

export function useUnreadMail() {
  const token = useSession((s) => s.token);
  useLiveMail();
  return useQuery({
    queryKey: contentKeys.unread(token),
    queryFn: async () => {
      const answer = await request(contentCalls.selectSiteMailByUserId, {}, { quiet: true });
      return 'unread' in answer ? answer.unread : 0;
    },
    enabled: token !== null,
  });
}

export function useMails() {
  const token = useSession((s) => s.token);
  useLiveMail();
  return useInfiniteQuery({
    queryKey: contentKeys.mailList(token),
    queryFn: ({ pageParam }) =>
      request(
        contentCalls.findUserMsgList,
        { page: pageParam, pageSize: PAGE_SIZE },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: token !== null,
  });
}

/** One mail; opening it marks it read, so the list and the badge are refreshed after. */
export function useMail(id: number | null) {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: contentKeys.mailOne(token, id ?? 0),
    queryFn: async () => {
      const answer = await request(
        contentCalls.selectSiteMailByUserId,
        { id: id! },
        { quiet: true },
      );
      return answer as SiteMail;
    },
    enabled: token !== null && id !== null,
    staleTime: Infinity,
  });
  const read = query.data?.read;
  useEffect(() => {
    if (read) {
      void queryClient.invalidateQueries({ queryKey: contentKeys.unread(token) });
      void queryClient.invalidateQueries({ queryKey: contentKeys.mailList(token) });
    }
  }, [read, queryClient, token]);
  return query;
}

/** Tells the server the signed-in trader's language: the system mail it writes is in it. */
export function tellServerLanguage(code: LanguageCode): Promise<unknown> {
  return request(contentCalls.setUserLanguage, { lang: code }, { quiet: true });
}
