/**
 * What every operator action shares, whichever domain owns it (refunds/operator-*.ts,
 * wallet/operator-*.ts, orders/operator-*.ts, settings/operator.ts): the refusal with an English
 * message and a stable code, the checks of what an operator typed, finding a shopper by what an
 * operator knows, and the English labels of statuses. Each action takes the database handle first
 * and answers a plain result; the command line (server/admin) and the bot's desk call the
 * domains' faces.
 */
export { OperatorError, describeRefusal } from './errors';
export { audited, idOf, oneLine, operatorName, pageOf, positiveCents, requestIdOf } from './checks';
export { findShopper, type Shopper } from './shopper';
export { listPage, type ListPage, type ListParams } from './list';
export { auditLabel, statusLabel } from './labels';
