/**
 * Where encrypted backups go: a local folder, or S3-compatible object storage (`s3://bucket/prefix`,
 * through the AWS SDK: AWS itself, or MinIO, Cloudflare R2, a Saudi cloud's object store… with
 * BACKUP_S3_ENDPOINT). Both only put, read, list and delete files named by ./schedule's backupFileName,
 * so pruning (`backupsToRemove`) works the same on either.
 */
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";

export interface BackupTarget {
  /** Says where `name` is (a path, or an s3:// address), for the operator and the console. */
  locationOf(name: string): string;
  /** Writes the bytes under `name`; never overwrites an existing backup of that name. */
  put(name: string, bytes: Uint8Array): Promise<string>;
  get(name: string): Promise<Uint8Array>;
  /** The file names held (any, not only backups: callers filter). */
  list(): Promise<string[]>;
  remove(name: string): Promise<void>;
}

export class BackupTargetError extends Error {}

/** A folder on this machine (created if missing); files are readable by the store's account only. */
export function folderTarget(folder: string): BackupTarget {
  const root = path.resolve(folder);
  return {
    locationOf: (name) => path.join(root, name),
    async put(name, bytes) {
      await mkdir(root, { recursive: true });
      const file = path.join(root, name);
      await writeFile(file, bytes, { mode: 0o600, flag: "wx" });
      return file;
    },
    get: async (name) => new Uint8Array(await readFile(path.join(root, name))),
    async list() {
      try {
        return await readdir(root);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
    },
    remove: (name) => rm(path.join(root, name), { force: true }),
  };
}

export type S3Settings = { endpoint?: string; region?: string };

/** `s3://bucket/some/prefix` → bucket and a prefix ending in "/" (or ""). */
export function parseS3Address(address: string): { bucket: string; prefix: string } {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(address);
  if (!match) throw new BackupTargetError(`${address} is not an s3://bucket/prefix address`);
  const prefix = (match[2] ?? "").replace(/^\/+|\/+$/g, "");
  return { bucket: match[1]!, prefix: prefix ? `${prefix}/` : "" };
}

/**
 * An S3 bucket and prefix. Credentials come the SDK's usual way (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile, or the machine's role): never from this project's settings.
 */
export function s3Target(address: string, settings: S3Settings & { credentials?: { accessKeyId: string; secretAccessKey: string } }): BackupTarget {
  const { bucket, prefix } = parseS3Address(address);
  const s3 = new S3Client({
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      region: settings.region || process.env.AWS_REGION || "us-east-1",
      // S3-compatible stores are addressed by path (https://host/bucket/key), not by a bucket subdomain.
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's newer default.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  return {
    locationOf: (name) => `s3://${bucket}/${prefix}${name}`,
    async put(name, bytes) {
      // IfNoneMatch: a second instance writing the same name at the same second fails instead of overwriting.
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: `${prefix}${name}`, Body: bytes, ContentType: "application/octet-stream", IfNoneMatch: "*" }));
      return `s3://${bucket}/${prefix}${name}`;
    },
    async get(name) {
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: `${prefix}${name}` }));
      if (!object.Body) throw new BackupTargetError(`s3://${bucket}/${prefix}${name} is empty`);
      return object.Body.transformToByteArray();
    },
    async list() {
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(prefix.length);
          // Only the objects directly under the prefix, not those in deeper "folders".
          if (name && !name.includes("/")) names.push(name);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names;
    },
    async remove(name) {
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${prefix}${name}` }));
    },
  };
}

/** The target a `--to` or BACKUP_TO value names. */
export function backupTargetFrom(to: string, settings: S3Settings): BackupTarget {
  return to.startsWith("s3://") ? s3Target(to, settings) : folderTarget(to);
}
