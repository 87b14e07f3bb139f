/**
 * Temporary keys for one direct upload: from Tencent STS (GetFederationToken, for COS) or from an
 * S3 service's STS AssumeRole (AWS, Ceph RGW), each with a policy that lets the keys write one
 * object and nothing else. A failure is reported by the service's error code, never with a key.
 */
import { AwsClient } from 'aws4fetch';
import type { S3Settings } from './settings.ts';
import { federationTokenRequest, parseFederationToken } from './tencent-sts.ts';

/** How long the keys live: the shortest AssumeRole allows, and a few minutes for an upload. */
export const UPLOAD_KEY_SECONDS = 900;

/** The keys as the spec's `/api/qcloud_sts` names them. */
export interface UploadKeys {
  tmpSecretId: string;
  tmpSecretKey: string;
  token: string;
  /** When the keys stop working, Unix seconds. */
  expiredTime: number;
}

export type IssuedKeys = { ok: true; keys: UploadKeys } | { ok: false; code: string };

/** Keys that may write `objectKey` of the bucket in `settings` (which must have `sts`). */
export async function issueUploadKeys(
  settings: S3Settings,
  objectKey: string,
  now = Date.now(),
): Promise<IssuedKeys> {
  const sts = settings.sts;
  if (!sts) return { ok: false, code: 'NotConfigured' };
  try {
    return sts.kind === 'tencent'
      ? await fromTencent(settings, sts.appId, objectKey, now)
      : await fromAssumeRole(settings, sts.roleArn, sts.endpoint, objectKey, now);
  } catch (err) {
    // A network failure: its message names the host at most.
    return { ok: false, code: (err as Error).name || 'NetworkError' };
  }
}

async function fromTencent(
  settings: S3Settings,
  appId: string,
  objectKey: string,
  now: number,
): Promise<IssuedKeys> {
  const request = federationTokenRequest({
    secretId: settings.accessKeyId,
    secretKey: settings.secretAccessKey,
    region: settings.region,
    bucket: settings.bucket,
    appId,
    objectKey,
    durationSeconds: UPLOAD_KEY_SECONDS,
    now,
    name: 'upload',
  });
  const res = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(10_000),
  });
  const answer = parseFederationToken(await res.json().catch(() => null));
  if (!answer.ok) return { ok: false, code: answer.error.code };
  const { tmpSecretId, tmpSecretKey, sessionToken, expiredTime } = answer.token;
  return { ok: true, keys: { tmpSecretId, tmpSecretKey, token: sessionToken, expiredTime } };
}

async function fromAssumeRole(
  settings: S3Settings,
  roleArn: string,
  endpoint: string,
  objectKey: string,
  now: number,
): Promise<IssuedKeys> {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 'sts',
    region: settings.region,
    retries: 0,
  });
  const policy = {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['s3:PutObject'],
        Resource: [`arn:aws:s3:::${settings.bucket}/${objectKey}`],
      },
    ],
  };
  const body = new URLSearchParams({
    Action: 'AssumeRole',
    Version: '2011-06-15',
    RoleArn: roleArn,
    RoleSessionName: `upload-${Math.floor(now / 1000)}`,
    DurationSeconds: String(UPLOAD_KEY_SECONDS),
    Policy: JSON.stringify(policy),
  });
  const res = await client.fetch(`${endpoint}/`, {
    method: 'POST',
    body: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    signal: AbortSignal.timeout(10_000),
  });
  const xml = await res.text();
  const field = (name: string) => new RegExp(`<${name}>([^<]+)</${name}>`).exec(xml)?.[1];
  const keyId = field('AccessKeyId');
  const secret = field('SecretAccessKey');
  const token = field('SessionToken');
  const expiration = Date.parse(field('Expiration') ?? '');
  if (!res.ok || !keyId || !secret || !token || Number.isNaN(expiration)) {
    return { ok: false, code: field('Code')?.slice(0, 80) ?? `HTTP${res.status}` };
  }
  return {
    ok: true,
    keys: {
      tmpSecretId: keyId,
      tmpSecretKey: secret,
      token,
      expiredTime: Math.floor(expiration / 1000),
    },
  };
}
