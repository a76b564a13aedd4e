import type {
  CaptchaTable,
  LoginFailureTable,
  SessionTable,
  VerificationCodeTable,
} from '../modules/auth/auth.table';
import type { OperatorTable } from '../modules/console/console.table';
import type { AppConfigTable, BannerTable } from '../modules/content/content.table';
import type { UserTable } from '../modules/user/user.table';

/** Every table, as Kysely sees it. Each module owns the types of its own tables. */
export interface Database {
  users: UserTable;
  user_sessions: SessionTable;
  verification_codes: VerificationCodeTable;
  captchas: CaptchaTable;
  login_failures: LoginFailureTable;
  operators: OperatorTable;
  app_config: AppConfigTable;
  banners: BannerTable;
}
