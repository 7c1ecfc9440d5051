/**
 * ZATCA e-invoicing tools over files: hash, sign, qr, validate (see scripts/zatca-cli.ts).
 *
 *   npm run zatca -- hash Simplified_Invoice.xml
 *   npm run zatca -- sign unsigned.xml --key key.pem --cert cert.pem --out signed.xml
 *   npm run zatca -- qr signed.xml
 *   npm run zatca -- validate signed.xml
 */
import { processIo, runZatca } from "./zatca-cli";

process.exitCode = runZatca(process.argv.slice(2), processIo());
