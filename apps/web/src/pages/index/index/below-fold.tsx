import type { UserInfo } from '@tidemark/contract';
import { BannerCarousel } from '../../../features/content/components/banner-carousel';
import { NoticeBar } from '../../../features/content/components/notice-bar';
import { SetupTasks } from '../../../features/account/components/setup-tasks';
import { ChatBox } from '../../../features/support/components/chat-box';
import { AccountLogEntry } from './account-log-entry';
import { Shortcuts } from './shortcuts';

/**
 * What home shows below the market, in a chunk of its own that loads after the first paint:
 * banners, shortcuts, the set-up list and the way to the account-change log.
 */
export default function BelowFold({
  user,
  signedIn,
}: {
  user: UserInfo | undefined;
  signedIn: boolean;
}) {
  return (
    <>
      <BannerCarousel />
      <NoticeBar />
      <Shortcuts />
      {user ? <SetupTasks user={user} /> : null}
      {signedIn ? <AccountLogEntry /> : null}
      <ChatBox />
    </>
  );
}
