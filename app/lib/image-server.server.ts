import path from "node:path";
import { createIPX, createIPXNodeServer, ipxFSStorage, ipxHttpStorage } from "ipx";

/** One year: an optimised image's URL names its source and modifiers, so it never changes in place. */
const IMAGE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The `/_ipx/{modifiers}/{source}` handler: resizes and converts images with sharp. Sources are files
 * under `public/` or URLs on the hosts listed in IMAGE_HOSTS (comma-separated), nothing else.
 */
export function createImageHandler(options: { publicDir?: string; hosts?: readonly string[] } = {}) {
  const hosts = options.hosts ?? (process.env.IMAGE_HOSTS ?? "").split(",").map((host) => host.trim()).filter(Boolean);
  const ipx = createIPX({
    maxAge: IMAGE_MAX_AGE_SECONDS,
    storage: ipxFSStorage({ dir: path.resolve(options.publicDir ?? "public"), maxAge: IMAGE_MAX_AGE_SECONDS }),
    httpStorage: hosts.length ? ipxHttpStorage({ domains: [...hosts], maxAge: IMAGE_MAX_AGE_SECONDS }) : undefined,
  });
  return createIPXNodeServer(ipx);
}
