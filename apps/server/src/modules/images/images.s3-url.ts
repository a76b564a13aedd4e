/**
 * Where an S3-compatible upload storage is, from S3_URL:
 * `https://ACCESS_KEY:SECRET@s3.example.com/bucket[/prefix]?region=eu-west-1`, path-style.
 */
export interface S3Settings {
  /** Scheme, host and port, no path: "https://s3.example.com:9000". */
  endpoint: string;
  bucket: string;
  /** Where the keys start inside the bucket: "" or "tidemark/uploads/" (ends with "/"). */
  prefix: string;
  region: string;
  accessKeyId: string;
  /** Not enumerable, so that no log or JSON of the configuration can carry it. */
  readonly secretAccessKey: string;
}

const FORMAT = 'like https://ACCESS_KEY:SECRET@s3.example.com/bucket?region=eu-west-1';
/** S3's rules for new buckets (no upper case, no underscores), as path-style needs them. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9._-]+$/;
const REGION = /^[a-z0-9-]{1,32}$/;

/**
 * Reads S3_URL, or answers what is wrong with it. No message repeats the value: it holds the
 * secret.
 */
export function parseS3Url(text: string): S3Settings | { problem: string } {
  const wrong = (what: string) => ({ problem: `S3_URL: ${what}` });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return wrong(`must be an http:// or https:// URL, ${FORMAT}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return wrong(`must be an http:// or https:// URL, ${FORMAT}`);
  if (!url.username || !url.password)
    return wrong(`needs the access key and the secret before the host, ${FORMAT}`);
  let accessKeyId: string;
  let secretAccessKey: string;
  try {
    accessKeyId = decodeURIComponent(url.username);
    secretAccessKey = decodeURIComponent(url.password);
  } catch {
    return wrong('the access key or the secret is not properly percent-encoded');
  }
  if (url.hash) return wrong('must not have a #fragment');
  const [bucket = '', ...prefix] = url.pathname.split('/').slice(1);
  if (prefix.at(-1) === '') prefix.pop();
  if (!bucket) return wrong(`needs the bucket as its path, ${FORMAT}`);
  if (!BUCKET.test(bucket) || bucket.includes('..'))
    return wrong('the bucket must be 3 to 63 lower-case letters, digits, dots or hyphens');
  if (prefix.some((segment) => !PREFIX_SEGMENT.test(segment) || /^\.+$/.test(segment)))
    return wrong(
      'the path after the bucket (a prefix) may hold only letters, digits, ".", "_", "-" and "/"',
    );
  let region = 'us-east-1';
  for (const [name, value] of url.searchParams) {
    if (name !== 'region') return wrong(`unknown parameter "${name}" (only region is known)`);
    if (!REGION.test(value))
      return wrong('region must be lower-case letters, digits and -, like eu-west-1 or auto');
    region = value;
  }
  const settings = {
    endpoint: url.origin,
    bucket,
    prefix: prefix.map((segment) => `${segment}/`).join(''),
    region,
    accessKeyId,
  };
  return Object.defineProperty(settings, 'secretAccessKey', {
    value: secretAccessKey,
    enumerable: false,
  }) as S3Settings;
}
