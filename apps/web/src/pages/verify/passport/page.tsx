import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountKeys } from '../../../features/account/api/account-queries';
import type { PassportInput } from '../../../features/kyc/api/kyc-mutations';
import { useUserAuthInfo } from '../../../features/kyc/api/kyc-queries';
import {
  TextField,
  VerificationFormPage,
} from '../../../features/kyc/components/verification-form';
import { ImageUploader, type PickedImage } from '../../../ui/image-uploader';

/**
 * verify/passport: advanced verification by passport, after primary is verified: the passport
 * number and its first page. Not available once the ID route is taken.
 */
export default function PassportVerifyPage() {
  const { t } = useTranslation();
  const info = useUserAuthInfo();
  const [typed, setTyped] = useState<string | null>(null);
  const [page, setPage] = useState<PickedImage | null>(null);
  const previous = info.data?.advanced;
  const passportNumber =
    typed ?? (previous?.kind === 'passport' ? previous.passportNumber : null) ?? '';

  return (
    <VerificationFormPage
      kind="passport"
      title={t('verify.passport.title')}
      values={() =>
        ({
          passportNumber: passportNumber.replace(/\s+/g, ''),
          passportImage: page?.file,
        }) as PassportInput
      }
      related={[accountKeys.info]}
    >
      <div className="form-card">
        <TextField
          label={t('verify.fields.passportNumber')}
          name="passportNumber"
          value={passportNumber}
          onChange={(next) => setTyped(next.toUpperCase())}
          placeholder={t('verify.fields.passportNumberPlaceholder')}
          autoComplete="off"
          maxLength={20}
        />
      </div>
      <div className="kyc-images">
        <ImageUploader
          name="passportImage"
          label={t('verify.fields.passportPage')}
          hint={t('verify.fields.passportPageHint')}
          value={page}
          onChange={setPage}
        />
      </div>
    </VerificationFormPage>
  );
}
