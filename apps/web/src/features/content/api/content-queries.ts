import { useQuery } from '@tanstack/react-query';
import { BANNER_TYPE, contentCalls, type PublicConfigKey } from '@tidemark/contract';
import { request } from '../../../api/client';
import { STALE } from '../../../api/query-client';

export const contentKeys = {
  banners: (type: number) => ['content', 'banners', type] as const,
  config: (key: PublicConfigKey) => ['content', 'config', key] as const,
  version: ['content', 'version'] as const,
};

export function useBanners(bannerType: number = BANNER_TYPE.home) {
  return useQuery({
    queryKey: contentKeys.banners(bannerType),
    queryFn: () => request(contentCalls.findByBannerList, { bannerType }, { quiet: true }),
    staleTime: STALE.reference,
  });
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
