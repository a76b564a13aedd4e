import { kycCalls, uploadCalls, userCalls, type Envelope } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import {
  expectOkData,
  expectRefused,
  multipartCall,
  operatorId,
  pngImage,
  submitPrimary,
  verifyPrimary,
} from '../money/custody.test-kit';
import { approveKyc, rejectKyc } from './kyc.review';

let server: TestServer;
let operator: number;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS });
  operator = await operatorId(server);
});
afterAll(() => server.close());

const auth = async (token: string) =>
  expectOkData(await server.call(kycCalls.findUserAuth, {}, { token }));
const info = async (token: string) =>
  expectOkData(await server.call(kycCalls.selectUserAuthInfo, {}, { token }));
const verifyLevel = async (token: string) =>
  expectOkData(await server.call(userCalls.findUserInfo, {}, { token })).verifyLevel;

const identity = async (token: string) =>
  multipartCall(
    server,
    kycCalls.userIdentitySeniorAuth,
    { idFront: await pngImage(21), idBack: await pngImage(22) },
    { token },
  );
const passport = async (token: string, passportNumber = 'C01X00T47') =>
  multipartCall(
    server,
    kycCalls.userPassportSeniorAuth,
    { passportNumber, passportImage: await pngImage(23) },
    { token },
  );

const approve = (id: number) =>
  server.app.writer.run((trx) => approveKyc(server.app, trx, { id, operatorId: operator }));
const reject = (id: number, reason: string) =>
  server.app.writer.run((trx) => rejectKyc(server.app, trx, { id, operatorId: operator, reason }));

async function kycRows(userToken: string) {
  const user = expectOkData(await server.call(userCalls.findUserInfo, {}, { token: userToken }));
  return server.app.db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('user_id', '=', BigInt(user.id))
    .execute();
}

describe('a new trader', () => {
  it('is not certified at either level', async () => {
    const { token } = await server.register();
    expect(await auth(token)).toEqual({
      verifyLevel: 0,
      primary: {
        state: 'notCertified',
        reason: null,
        submissionId: null,
        submittedAt: null,
        reviewedAt: null,
      },
      advanced: {
        state: 'notCertified',
        reason: null,
        submissionId: null,
        submittedAt: null,
        reviewedAt: null,
        route: null,
        available: false,
      },
    });
    expect(await info(token)).toEqual({ primary: null, advanced: null });
  });
});

describe('primary verification', () => {
  it('goes certifying, then verified by an operator; verify_level becomes 1', async () => {
    const { token } = await server.register();
    const answer = await submitPrimary(server, token);
    expect(answer).toMatchObject({ status: 1, code: 'submittedForReview' });
    expect(answer.data).toMatchObject({
      kind: 'primary',
      status: 'certifying',
      country: 'DE',
      realName: 'Erika Mustermann',
      idNumber: 'L01X00T47',
      passportNumber: null,
      reason: null,
    });
    expect(answer.data.frontImageId).not.toBe(answer.data.backImageId);
    expect((await auth(token)).primary.state).toBe('certifying');

    // One in review at a time.
    expectRefused(
      await submitPrimary(server, token),
      'kycPending',
      'Your verification is under review, please wait for the result',
    );
    expect(await kycRows(token)).toHaveLength(1);

    const { before, after } = await approve(answer.data.id);
    expect(before.status).toBe('certifying');
    expect(after).toMatchObject({ status: 'verified', userId: expect.any(Number) });
    expect(after.reviewedAt).toEqual(expect.any(Number));
    expect(await verifyLevel(token)).toBe(1);
    const state = await auth(token);
    expect(state.primary.state).toBe('verified');
    expect(state.advanced.available).toBe(true);
    expectRefused(
      await submitPrimary(server, token),
      'kycAlreadyVerified',
      'This verification has already been completed',
    );
  });

  it('fails with the reason, and may be submitted again', async () => {
    const { token } = await server.register();
    const first = expectOkData(await submitPrimary(server, token));
    const { after } = await reject(first.id, '  The ID photo is blurred  ');
    expect(after).toMatchObject({ status: 'failed', reason: 'The ID photo is blurred' });
    expect((await auth(token)).primary).toMatchObject({
      state: 'failed',
      reason: 'The ID photo is blurred',
      submissionId: first.id,
    });
    expect(await verifyLevel(token)).toBe(0);
    const second = expectOkData(await submitPrimary(server, token));
    expect(second.id).not.toBe(first.id);
    expect((await auth(token)).primary.state).toBe('certifying');
    expect((await info(token)).primary!.id).toBe(second.id);
  });

  it('refuses bad input with its catalogue text and stores nothing', async () => {
    const { token } = await server.register();
    expectRefused(
      await submitPrimary(server, token, { realName: '' }),
      'requiredItems',
      'Please confirm the required items',
    );
    expectRefused(await submitPrimary(server, token, { idBack: undefined }), 'requiredItems');
    expectRefused(
      await submitPrimary(server, token, { country: 'XX' }),
      'countryInvalid',
      'Please choose a valid country or region',
    );
    expectRefused(await submitPrimary(server, token, { country: 'Germany' }), 'countryInvalid');
    expectRefused(
      await submitPrimary(server, token, { country: 'CN', idNumber: '110101199003071234' }),
      'idNumberFormat',
      'Please enter a valid ID number',
    );
    // A text file named like an image.
    expectRefused(
      await submitPrimary(server, token, { idFront: Buffer.from('%PDF-1.4 not an image') }),
      'uploadNotImage',
      'Only images can be uploaded (JPEG, PNG or WebP)',
    );
    expect(await kycRows(token)).toEqual([]);
    const user = expectOkData(await server.call(userCalls.findUserInfo, {}, { token }));
    const uploads = await server.app.db
      .selectFrom('uploads')
      .select('id')
      .where('owner_user_id', '=', BigInt(user.id))
      .execute();
    expect(uploads).toEqual([]);
    // A valid mainland ID number passes its check digit.
    expectOkData(
      await submitPrimary(server, token, { country: 'CN', idNumber: '11010519491231002X' }),
    );
  });
});

describe('advanced verification', () => {
  it('needs primary verified first', async () => {
    const { token } = await server.register();
    expectRefused(
      await identity(token),
      'primaryVerificationRequired',
      'Please complete primary verification first',
    );
    expectRefused(await passport(token), 'primaryVerificationRequired');
    expectOkData(await submitPrimary(server, token));
    // Certifying is not verified.
    expectRefused(await passport(token), 'primaryVerificationRequired');
    expect((await kycRows(token)).map((r) => r.kind)).toEqual(['primary']);
  });

  it('by ID: verified makes level 2, and the passport route is then refused', async () => {
    const { token } = await server.register();
    await verifyPrimary(server, token);
    const submitted = expectOkData(await identity(token));
    expect(submitted).toMatchObject({ kind: 'identity', status: 'certifying' });
    expect((await auth(token)).advanced).toMatchObject({
      state: 'certifying',
      route: 'identity',
      available: false,
    });
    const excluded =
      'ID and passport verification exclude each other, and you have already chosen the other one';
    expectRefused(await passport(token), 'kycRouteTaken', excluded);
    expectRefused(await identity(token), 'kycPending');
    await approve(submitted.id);
    expect(await verifyLevel(token)).toBe(2);
    expect((await auth(token)).advanced).toMatchObject({ state: 'verified', route: 'identity' });
    expectRefused(await passport(token), 'kycRouteTaken', excluded);
    expectRefused(await identity(token), 'kycAlreadyVerified');
    expect((await info(token)).advanced).toMatchObject({ id: submitted.id, kind: 'identity' });
  });

  it('by passport; after a failure either route may be tried', async () => {
    const { token } = await server.register();
    await verifyPrimary(server, token);
    expectRefused(
      await passport(token, 'no'),
      'passportNumberFormat',
      'Please enter a valid passport number',
    );
    const first = expectOkData(await passport(token));
    expect(first).toMatchObject({ kind: 'passport', passportNumber: 'C01X00T47' });
    expect(first.backImageId).toBeNull();
    expectRefused(await identity(token), 'kycRouteTaken');
    await reject(first.id, 'Passport expired');
    expect((await auth(token)).advanced).toMatchObject({
      state: 'failed',
      reason: 'Passport expired',
      route: 'passport',
      available: true,
    });
    const second = expectOkData(await identity(token));
    await approve(second.id);
    expect(await verifyLevel(token)).toBe(2);
  });
});

describe('review functions', () => {
  it('decide once: a second decision, a missing id and an empty reason are refused', async () => {
    const { token } = await server.register();
    const submitted = expectOkData(await submitPrimary(server, token));
    await expect(reject(submitted.id, '   ')).rejects.toMatchObject({ key: 'reasonRequired' });
    await expect(approve(999_999)).rejects.toMatchObject({ key: 'notFound' });
    await approve(submitted.id);
    await expect(approve(submitted.id)).rejects.toMatchObject({ key: 'reviewStateChanged' });
    await expect(reject(submitted.id, 'late')).rejects.toMatchObject({
      key: 'reviewStateChanged',
    });
    const [row] = await kycRows(token);
    expect(row).toMatchObject({ status: 'verified', reason: null, reviewed_by: BigInt(operator) });
  });

  it('let only one of two operators deciding at once win', async () => {
    const { token } = await server.register();
    const submitted = expectOkData(await submitPrimary(server, token));
    const results = await Promise.allSettled([
      approve(submitted.id),
      reject(submitted.id, 'Mismatch'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ key: 'reviewStateChanged' });
  });
});

describe('ID images', () => {
  it('are served to their owner only, as re-encoded JPEG', async () => {
    const owner = await server.register();
    const other = await server.register();
    const submitted = expectOkData(await submitPrimary(server, owner.token));
    const image = await server.fetch(
      `${uploadCalls.findUploadImage.path}?id=${submitted.frontImageId}`,
      { headers: { appToken: owner.token } },
    );
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const stranger = await server.fetch(
      `${uploadCalls.findUploadImage.path}?id=${submitted.frontImageId}`,
      { headers: { appToken: other.token } },
    );
    expectRefused((await stranger.json()) as Envelope<unknown>, 'notFound', undefined, '404');
    const visitor = await server.fetch(
      `${uploadCalls.findUploadImage.path}?id=${submitted.frontImageId}`,
    );
    expectRefused((await visitor.json()) as Envelope<unknown>, 'notLoggedIn', undefined, '401');
  });
});
