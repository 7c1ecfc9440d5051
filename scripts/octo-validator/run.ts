/**
 * Runs the OCTO validator's supplier flows in the order its ValidationController runs them (without its
 * request log and dependency injection) against an endpoint, and prints each scenario's outcome.
 * Copied next to the validator's sources by validate.sh; not part of the app's build.
 */
import { Context } from './src/common/validation/supplier/services/validation/context/Context';
import { SupplierFlow } from './src/common/validation/supplier/services/validation/Flows/Supplier/SupplierFlow';
import { ProductFlow } from './src/common/validation/supplier/services/validation/Flows/Product/ProductFlow';
import { AvailabilityCalendarFlow } from './src/common/validation/supplier/services/validation/Flows/Availability/AvailabilityCalendarFlow';
import { AvailabilityFlow } from './src/common/validation/supplier/services/validation/Flows/Availability/AvailabilityFlow';
import { BookingReservationFlow } from './src/common/validation/supplier/services/validation/Flows/Booking/BookingReservationFlow';
import { BookingExtendFlow } from './src/common/validation/supplier/services/validation/Flows/Booking/BookingExtendFlow';
import { BookingConfirmationFlow } from './src/common/validation/supplier/services/validation/Flows/Booking/BookingConfirmationFlow';
import { BookingUpdateFlow } from './src/common/validation/supplier/services/validation/Flows/Booking/BookingUpdateFlow';
import { BookingCancellationFlow } from './src/common/validation/supplier/services/validation/Flows/Booking/BookingCancellationFlow';
import { BookingGetFlow } from './src/common/validation/supplier/services/validation/Flows/Booking/BookingGetFlow';
import { BookingListFlow } from './src/common/validation/supplier/services/validation/Flows/Booking/BookingListFlow';

async function main() {
  const [endpoint, key] = process.argv.slice(2);
  const context = new Context();
  context.setSchema({ backend: { endpoint, headers: { Authorization: `Bearer ${key}` } } });
  context.useRequestContext = false;
  const flows = [new SupplierFlow(), new ProductFlow(), new AvailabilityCalendarFlow(), new AvailabilityFlow(), new BookingReservationFlow(), new BookingExtendFlow(), new BookingConfirmationFlow(), new BookingUpdateFlow(), new BookingCancellationFlow(), new BookingGetFlow(), new BookingListFlow()];
  let total = 0, passed = 0;
  const report: unknown[] = [];
  for (const flow of flows) {
    const result = await flow.validate(context);
    report.push(result);
    for (const s of result.scenarios) {
      total++; if (s.success) passed++;
      const crit = s.errors.filter((e: any) => e.type === 'CRITICAL');
      const warn = s.errors.filter((e: any) => e.type !== 'CRITICAL');
      console.log(`${s.success ? 'PASS' : 'FAIL'} [${result.name}] ${s.name}${warn.length ? ` (${warn.length} warnings)` : ''}`);
      for (const e of crit.slice(0, 5)) console.log(`     ✗ ${e.message}`);
      if (crit.length > 5) console.log(`     ✗ … ${crit.length - 5} more`);
      if (!s.success && s.response) console.log(`     status ${s.response.status} ${JSON.stringify(s.response.error?.body ?? '').slice(0, 300)}`);
      if (process.env.WARN) for (const e of warn.slice(0, 10)) console.log(`     ~ ${e.message}`);
    }
    if (context.terminateValidation) { console.log('-- validation terminated'); break; }
  }
  require('node:fs').writeFileSync('last-report.json', JSON.stringify(report, null, 2));
  console.log(`\n${passed}/${total} scenarios passed`);
}
main().catch((e) => { console.error(e); process.exit(1); });
