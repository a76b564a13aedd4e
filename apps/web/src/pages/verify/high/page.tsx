import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountKeys } from '../../../features/account/api/account-queries';
import type { IdentityInput } from '../../../features/kyc/api/kyc-mutations';
import { VerificationFormPage } from '../../../features/kyc/components/verification-form';
import { ImageUploader, type PickedImage } from '../../../ui/image-uploader';

/**
 * verify/high: advanced verification by ID, after primary is verified: a photo holding the ID's
 * front beside the face, and the back. Not available once the passport route is taken.
 */
export default function AdvancedIdVerifyPage() {
  const { t } = useTranslation();
  const [idFront, setIdFront] = useState<PickedImage | null>(null);
  const [idBack, setIdBack] = useState<PickedImage | null>(null);

  return (
    <VerificationFormPage
      kind="identity"
      title={t('verify.high.title')}
      values={() => ({ idFront: idFront?.file, idBack: idBack?.file }) as IdentityInput}
      related={[accountKeys.info]}
    >
      <p className="kyc-intro">{t('verify.high.text')}</p>
      <div className="kyc-images">
        <ImageUploader
          name="idFront"
          label={t('verify.fields.idInHand')}
          hint={t('verify.fields.idInHandHint')}
          value={idFront}
          onChange={setIdFront}
        />
        <ImageUploader
          name="idBack"
          label={t('verify.fields.idBack')}
          value={idBack}
          onChange={setIdBack}
        />
      </div>
    </VerificationFormPage>
  );
}
