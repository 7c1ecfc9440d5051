/**
 * Generated pictures for the seed catalogue: SVG landscapes rendered to webp with sharp, no network.
 * One per destination and a few variants per category, each at IMAGE_WIDTHS (one source width: the
 * sizes a page shows are derived by /_ipx). Files are named deterministically and skipped when
 * present, so a restart costs nothing.
 */
import { mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { CATEGORIES, DESTINATIONS } from "./data";
import { CATEGORY_IMAGE_VARIANTS, IMAGE_WIDTHS } from "./generate";
import { hashString, Random } from "./random";

interface ImageJob {
  name: string;
  hue: number;
  seed: string;
  motif: "dunes" | "sea" | "city" | "mountains" | "sparkle";
}

const MOTIF_BY_CATEGORY: Record<string, ImageJob["motif"]> = {
  "desert-safari": "dunes",
  cruises: "sea",
  "water-sports": "sea",
  adventure: "mountains",
  "day-trips": "mountains",
  "theme-parks": "sparkle",
  "shows-and-entertainment": "sparkle",
};

function svgFor(job: ImageJob): string {
  const random = new Random(job.seed);
  const width = 1600;
  const height = 1000;
  const hue = job.hue;
  const sky = `hsl(${hue},65%,${random.int(55, 75)}%)`;
  const skyTop = `hsl(${(hue + 30) % 360},70%,${random.int(25, 45)}%)`;
  const ground = `hsl(${(hue + 340) % 360},45%,${random.int(25, 40)}%)`;
  const sunX = random.int(200, 1400);
  const sunY = random.int(150, 450);
  const shapes: string[] = [];
  shapes.push(`<circle cx="${sunX}" cy="${sunY}" r="${random.int(60, 140)}" fill="hsl(${(hue + 50) % 360},90%,85%)" opacity="0.85"/>`);
  const layers = random.int(2, 4);
  for (let layer = 0; layer < layers; layer++) {
    const base = 560 + layer * 120;
    const light = 30 + layer * 8;
    let d = `M0 ${height} L0 ${base}`;
    const steps = job.motif === "city" ? 16 : 6;
    for (let step = 0; step <= steps; step++) {
      const x = Math.round((step / steps) * width);
      if (job.motif === "city") {
        const top = base - random.int(40, 320);
        d += ` L${x} ${top} L${x + Math.round(width / steps)} ${top}`;
      } else if (job.motif === "mountains") {
        d += ` L${x} ${base - random.int(0, 380)}`;
      } else {
        const cx = x - Math.round(width / steps / 2);
        d += ` Q${cx} ${base - random.int(job.motif === "sea" ? 0 : 40, job.motif === "sea" ? 40 : 180)} ${x} ${base}`;
      }
    }
    d += ` L${width} ${height} Z`;
    shapes.push(`<path d="${d}" fill="hsl(${(hue + layer * 12) % 360},${job.motif === "sea" ? 70 : 45}%,${light}%)" opacity="${0.75 + layer * 0.08}"/>`);
  }
  if (job.motif === "sparkle") {
    for (let i = 0; i < 30; i++) {
      shapes.push(`<circle cx="${random.int(0, width)}" cy="${random.int(0, 600)}" r="${random.int(3, 14)}" fill="hsl(${random.int(0, 359)},90%,70%)" opacity="0.9"/>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${sky}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#s)"/>
<rect y="${height - 160}" width="${width}" height="160" fill="${ground}"/>
${shapes.join("\n")}
</svg>`;
}

export function imageJobs(): ImageJob[] {
  const jobs: ImageJob[] = [];
  for (const category of CATEGORIES) {
    for (let variant = 0; variant < CATEGORY_IMAGE_VARIANTS; variant++) {
      jobs.push({ name: `cat-${category.slug}-${variant}`, hue: (category.hue + variant * 17) % 360, seed: `cat:${category.slug}:${variant}`, motif: MOTIF_BY_CATEGORY[category.slug] ?? (variant % 2 ? "city" : "mountains") });
    }
  }
  for (const destination of DESTINATIONS) {
    const hue = hashString(destination.slug) % 360;
    jobs.push({ name: `dest-${destination.slug}`, hue, seed: `dest:${destination.slug}`, motif: destination.desert ? "dunes" : destination.coastal ? "sea" : "city" });
  }
  return jobs;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** Writes every seed image that is missing into `directory` (public/generated); returns how many were rendered. */
export async function generateImages(directory = path.resolve("public/generated"), concurrency = 4): Promise<number> {
  await mkdir(directory, { recursive: true });
  const jobs = imageJobs();
  let rendered = 0;
  let next = 0;
  async function worker() {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const largest = path.join(directory, `${job.name}-${IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]}.webp`);
      if (await exists(largest)) continue;
      const raster = await sharp(Buffer.from(svgFor(job))).png({ compressionLevel: 0 }).toBuffer();
      // Smallest first, largest last: the largest file's presence marks the job done.
      for (const width of IMAGE_WIDTHS) {
        const file = path.join(directory, `${job.name}-${width}.webp`);
        const output = await sharp(raster).resize({ width }).webp({ quality: 72, effort: 0 }).toBuffer();
        await writeFile(file, output);
      }
      rendered++;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
  return rendered;
}
