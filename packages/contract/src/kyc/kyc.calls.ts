import * as z from 'zod/mini';
import { defineCall } from '../call';
import { emptyInput, requiredText } from '../fields';
import { isValidChineseIdNumber } from '../rules/validators';
import { imageFile } from '../images/images.schemas';
import { kycSubmission, userAuth, userAuthInfo } from './kyc.schemas';

/** ISO 3166 alpha-2 code, as /common/findCountryCode lists them. */
/* @__NO_SIDE_EFFECTS__ */
function countryField() {
  return requiredText(60).check(
    z.toUpperCase(),
    z.regex(/^[A-Z]{2}$/, { error: 'countryInvalid' }),
  );
}

/* @__NO_SIDE_EFFECTS__ */
function idNumberField() {
  return requiredText(40).check(
    z.toUpperCase(),
    z.regex(/^[A-Z0-9-]{4,30}$/, { error: 'idNumberFormat' }),
  );
}

export const userPrimaryAuth = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/user/userPrimaryAuth',
  area: 'kyc',
  auth: 'user',
  summary:
    'submit primary verification: country, residence address, real name, ID number, ID front and back',
  input: z
    .object({
      country: countryField(),
      address: requiredText(200),
      realName: requiredText(60),
      idNumber: idNumberField(),
      idFront: imageFile(),
      idBack: imageFile(),
    })
    .check(
      // A mainland Chinese ID number carries a check digit.
      z.refine((v) => v.country !== 'CN' || isValidChineseIdNumber(v.idNumber), {
        error: 'idNumberFormat',
        path: ['idNumber'],
      }),
    ),
  output: kycSubmission,
  multipart: true,
  success: 'submittedForReview',
});

export const userIdentitySeniorAuth = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/user/userIdentitySeniorAuth',
  area: 'kyc',
  auth: 'user',
  summary:
    'submit advanced verification by ID (needs primary verified; excludes the passport route): photos of the ID front, held beside the face, and back',
  input: z.object({ idFront: imageFile(), idBack: imageFile() }),
  output: kycSubmission,
  multipart: true,
  success: 'submittedForReview',
});

export const userPassportSeniorAuth = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/user/userPassportSeniorAuth',
  area: 'kyc',
  auth: 'user',
  summary:
    'submit advanced verification by passport (needs primary verified; excludes the ID route): passport number and first page',
  input: z.object({
    passportNumber: requiredText(20).check(
      z.toUpperCase(),
      z.regex(/^[A-Z0-9]{5,20}$/, { error: 'passportNumberFormat' }),
    ),
    passportImage: imageFile(),
  }),
  output: kycSubmission,
  multipart: true,
  success: 'submittedForReview',
});

export const findUserAuth = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/user/findUserAuth',
  area: 'kyc',
  auth: 'user',
  summary:
    'verification levels and their states (not certified, certifying, failed with reason, verified)',
  input: emptyInput,
  output: userAuth,
});

export const selectUserAuthInfo = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/user/selectUserAuthInfo',
  area: 'kyc',
  auth: 'user',
  summary: "the user's own latest submitted verification details of each level",
  input: emptyInput,
  output: userAuthInfo,
});
