/**
 * A SystemPay / Lyra compatible adapter (ADR 0031, 0045, 0100), through Lyra's hosted payment form ("formulaire de
 * paiement", API V2): starting a payment answers the `vads_*` fields of the form, signed, that the buyer's browser
 * posts to the payment page (auto-submitted, or a visible button without JavaScript). The signature is
 * Base64(HMAC-SHA-256(key, the vads_* values sorted by field name, joined with "+", then "+" and the key)), the key
 * being the shop's test or production key.
 *
 * That signature covers the values, not their names: a signed set of values can be cut into other fields. So the
 * form signs no text the buyer chose (no e-mail, a fixed return page), and a notification (IPN, to vads_url_check)
 * is accepted only with the form API's documented field names, each once, with the fields that matter present and
 * well-formed, and this shop's id and mode (ADR 0100). The REST V4 format (`kr-answer`, whose `kr-hash` covers the
 * whole answer) is verified too, with the REST password, for shops whose back office sends it.
 */
import { createHmac } from "node:crypto";
import {
  hexEquals,
  hmacSha256Hex,
  type IncomingNotification,
  type NotificationCheck,
  type PaymentProvider,
  type PaymentStart,
  type PaymentStatus,
  type StartPaymentInput,
} from "./provider.ts";

export const SYSTEMPAY_NOTIFY_PATH = "/back/api/shop/payments/notify/systempay";

export type SystemPayConfig = {
  /** vads_site_id: the shop's id (8 digits). */
  shopId: string;
  /** The form API's key (test or production, as the mode): signs the form and the IPN. Null: no form payments. */
  key: string | null;
  /** vads_ctx_mode */
  mode: "TEST" | "PRODUCTION";
  /** Where the form is posted, e.g. https://paiement.systempay.fr/vads-payment/ */
  paymentUrl: string;
  /** REST V4 notifications only: the REST password, key of the IPN's kr-hash. */
  password?: string | null;
};

/** ISO 4217 numeric codes of the currencies the brands sell in. */
const CURRENCY_CODES: Record<string, string> = { EUR: "978" };
const CURRENCY_OF_CODE = Object.fromEntries(Object.entries(CURRENCY_CODES).map(([name, code]) => [code, name]));

/**
 * The form API signature of a set of fields: only the vads_* fields count, sorted by name (code-unit order, as
 * Lyra's ksort), their values joined with "+", then "+" and the key; Base64 of the HMAC-SHA-256 of that text.
 */
export function systemPaySignature(fields: Record<string, string>, key: string): string {
  const names = Object.keys(fields)
    .filter((name) => name.startsWith("vads_"))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const text = [...names.map((name) => fields[name]), key].join("+");
  return createHmac("sha256", key).update(text, "utf8").digest("base64");
}

/** yyyyMMddHHmmss in UTC (vads_trans_date). */
export function transDate(now: Date): string {
  return now.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

/**
 * vads_trans_id: six digits, unique per shop and day. Derived from the order id (a new attempt is a new order), so
 * two orders share one only 900,000 orders apart; a notification must carry the one of its order.
 */
export function transId(orderId: number): string {
  return String(orderId % 900_000).padStart(6, "0");
}

/**
 * The signed fields of the payment form for an order. No value is text the buyer chose: the return URL is the
 * order's fixed page (the service picks it by order kind), and the buyer's e-mail is not sent (ADR 0100). The date
 * is the signing time: SystemPay refuses a form signed more than 30 minutes before it is posted.
 */
export function paymentFormFields(config: SystemPayConfig & { key: string }, input: StartPaymentInput, now: Date): Record<string, string> {
  const currency = CURRENCY_CODES[input.currency];
  if (!currency) throw new Error(`SystemPay: no ISO 4217 code for ${input.currency}`);
  const returnUrl = new URL(input.returnPath, input.origin);
  returnUrl.searchParams.set("order", String(input.orderId));
  const fields: Record<string, string> = {
    vads_action_mode: "INTERACTIVE",
    vads_amount: String(input.amountCents),
    vads_ctx_mode: config.mode,
    vads_currency: currency,
    vads_language: input.language ?? "fr",
    vads_order_id: String(input.orderId),
    vads_page_action: "PAYMENT",
    vads_payment_config: "SINGLE",
    vads_site_id: config.shopId,
    vads_trans_date: transDate(now),
    vads_trans_id: transId(input.orderId),
    vads_url_check: `${input.origin}${SYSTEMPAY_NOTIFY_PATH}`,
    vads_url_return: returnUrl.toString(),
    vads_version: "V2",
  };
  return { ...fields, signature: systemPaySignature(fields, config.key) };
}

/** The form API's transaction statuses (vads_trans_status, as documented) and the order state each maps to. */
const TRANS_STATUSES: Record<string, PaymentStatus> = {
  AUTHORISED: "paid",
  AUTHORISED_TO_VALIDATE: "paid",
  CAPTURED: "paid",
  ACCEPTED: "paid",
  PARTIALLY_AUTHORISED: "pending",
  REFUSED: "failed",
  CAPTURE_FAILED: "failed",
  ABANDONED: "cancelled",
  CANCELLED: "cancelled",
  EXPIRED: "cancelled",
  NOT_CREATED: "cancelled",
  INITIAL: "pending",
  PRE_AUTHORISED: "pending",
  SUSPENDED: "pending",
  UNDER_VERIFICATION: "pending",
  WAITING_AUTHORISATION: "pending",
  WAITING_AUTHORISATION_TO_VALIDATE: "pending",
  WAITING_FOR_PAYMENT: "pending",
};

/** A documented vads_trans_status -> our order state; null for anything else. */
export function mapTransStatus(status: string | undefined): PaymentStatus | null {
  return status !== undefined && Object.hasOwn(TRANS_STATUSES, status) ? TRANS_STATUSES[status] : null;
}

/** The REST V4 order statuses (orderStatus, as documented) and the order state each maps to. */
const REST_ORDER_STATUSES: Record<string, PaymentStatus> = {
  PAID: "paid",
  UNPAID: "failed",
  ABANDONED: "cancelled",
  RUNNING: "pending",
  PARTIALLY_PAID: "pending",
};

/** A documented REST V4 orderStatus -> our order state; null for anything else. */
export function mapSystemPayStatus(orderStatus: unknown): PaymentStatus | null {
  return typeof orderStatus === "string" && Object.hasOwn(REST_ORDER_STATUSES, orderStatus) ? REST_ORDER_STATUSES[orderStatus] : null;
}

/**
 * The field names the form API documents for its answers (IPN and return), by the data dictionary's categories:
 * technical, transaction, payment method, order, buyer, shipping, cardholder authentication, risk, token and
 * recurring payment, and the page and redirection fields it echoes. An IPN naming anything else is refused (and
 * logged with the name): a name is added here when Lyra documents it. The form sends no vads_ext_info_* nor
 * vads_product_* field, so none can come back.
 */
export const IPN_FIELDS: ReadonlySet<string> = new Set([
  // technical details
  "vads_action_mode",
  "vads_contrib",
  "vads_ctx_mode",
  "vads_extra_result",
  "vads_hash",
  "vads_page_action",
  "vads_payment_error",
  "vads_result",
  "vads_site_id",
  "vads_url_check",
  "vads_url_check_src",
  "vads_version",
  // transaction details
  "vads_acquirer_payment_reference",
  "vads_acquirer_service_supplier_id",
  "vads_acquirer_transient_data",
  "vads_amount",
  "vads_archival_reference_id",
  "vads_authent_nsu",
  "vads_capture_delay",
  "vads_change_rate",
  "vads_contract_used",
  "vads_contracts",
  "vads_currency",
  "vads_dcc_amount",
  "vads_dcc_currency",
  "vads_dcc_markup",
  "vads_dcc_rate_date",
  "vads_effective_amount",
  "vads_effective_creation_date",
  "vads_effective_currency",
  "vads_initial_issuer_transaction_identifier",
  "vads_occurrence_type",
  "vads_operation_type",
  "vads_payment_cards",
  "vads_payment_config",
  "vads_payment_option_code",
  "vads_payment_seq",
  "vads_payment_src",
  "vads_presentation_date",
  "vads_sequence_number",
  "vads_tid",
  "vads_trans_date",
  "vads_trans_id",
  "vads_trans_status",
  "vads_trans_uuid",
  "vads_validation_mode",
  // payment method details
  "vads_acquirer_network",
  "vads_auth_mode",
  "vads_auth_number",
  "vads_auth_result",
  "vads_bank_code",
  "vads_bank_label",
  "vads_bank_product",
  "vads_birth_day",
  "vads_birth_month",
  "vads_birth_year",
  "vads_brand_management",
  "vads_card_brand",
  "vads_card_country",
  "vads_card_holder_name",
  "vads_card_nature",
  "vads_card_number",
  "vads_card_product_category",
  "vads_expiry_month",
  "vads_expiry_year",
  "vads_proof_of_id_number",
  "vads_proof_of_id_type",
  "vads_wallet",
  // order details
  "vads_order_id",
  "vads_order_info",
  "vads_order_info2",
  "vads_order_info3",
  "vads_order_description",
  "vads_nb_products",
  "vads_pretax_amount",
  "vads_tax_amount",
  "vads_tax_rate",
  "vads_totalamount_vat",
  "vads_insurance_amount",
  "vads_shipping_amount",
  // buyer details
  "vads_avs_result",
  "vads_cust_address",
  "vads_cust_address_number",
  "vads_cust_address2",
  "vads_cust_cell_phone",
  "vads_cust_city",
  "vads_cust_country",
  "vads_cust_district",
  "vads_cust_email",
  "vads_cust_first_name",
  "vads_cust_id",
  "vads_cust_last_name",
  "vads_cust_legal_name",
  "vads_cust_name",
  "vads_cust_national_id",
  "vads_cust_phone",
  "vads_cust_state",
  "vads_cust_status",
  "vads_cust_title",
  "vads_cust_zip",
  "vads_pays_ip",
  "vads_user_info",
  // shipping details
  "vads_ship_to_city",
  "vads_ship_to_country",
  "vads_ship_to_delivery_company_name",
  "vads_ship_to_district",
  "vads_ship_to_first_name",
  "vads_ship_to_last_name",
  "vads_ship_to_legal_name",
  "vads_ship_to_name",
  "vads_ship_to_phone_num",
  "vads_ship_to_speed",
  "vads_ship_to_state",
  "vads_ship_to_status",
  "vads_ship_to_street",
  "vads_ship_to_street2",
  "vads_ship_to_street_number",
  "vads_ship_to_type",
  "vads_ship_to_zip",
  // cardholder authentication (3-D Secure)
  "vads_threeds_auth_type",
  "vads_threeds_cavv",
  "vads_threeds_cavvAlgorithm",
  "vads_threeds_eci",
  "vads_threeds_enrolled",
  "vads_threeds_error_code",
  "vads_threeds_exit_status",
  "vads_threeds_mpi",
  "vads_threeds_sign_valid",
  "vads_threeds_status",
  "vads_threeds_xid",
  // risk analysis
  "vads_risk_analysis_result",
  "vads_risk_analyzer_result",
  "vads_risk_assessment_result",
  "vads_risk_control",
  "vads_risk_primary_warranty",
  "vads_warranty_result",
  // token and recurring payment
  "vads_identifier",
  "vads_identifier_status",
  "vads_subscription",
  "vads_sub_amount",
  "vads_sub_currency",
  "vads_sub_desc",
  "vads_sub_effect_date",
  "vads_sub_init_amount",
  "vads_sub_init_amount_number",
  "vads_recurrence_number",
  "vads_recurrence_status",
  // payment page and redirection (echoed)
  "vads_language",
  "vads_available_languages",
  "vads_return_mode",
  "vads_url_return",
  "vads_url_success",
  "vads_url_refused",
  "vads_url_cancel",
  "vads_url_error",
  "vads_redirect_error_message",
  "vads_redirect_error_timeout",
  "vads_redirect_success_message",
  "vads_redirect_success_timeout",
  "vads_shop_name",
  "vads_shop_url",
  "vads_theme_config",
]);

/** vads_url_check_src: where a notification comes from (documented values). */
const URL_CHECK_SOURCES = new Set(["PAY", "BO", "BATCH_AUTO", "BATCH", "REC", "MERCH_BO", "RETRY"]);

const refuse = (reason: string): NotificationCheck => ({ ok: false, reason });

/** The received fields, each name once; a repeated name (SystemPay never sends one) refuses the whole body. */
function uniqueFields(body: URLSearchParams): Record<string, string> | string {
  const fields: Record<string, string> = {};
  for (const [name, value] of body) {
    if (Object.hasOwn(fields, name)) return `field ${name} repeated`;
    fields[name] = value;
  }
  return fields;
}

const positiveId = (value: string | undefined): number | null =>
  value !== undefined && /^[1-9][0-9]{0,14}$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : null;

/** A yyyyMMddHHmmss that is a real UTC date and time. */
function isTransDate(value: string | undefined): boolean {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value ?? "");
  if (!match) return false;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
}

/**
 * A form API IPN: only documented names, each once, signed with the form key, from this shop (vads_site_id) in its
 * mode (vads_ctx_mode), with a documented vads_trans_status, the six-digit vads_trans_id issued for its order, a
 * vads_trans_date, a known currency and an amount. A refund or verification (vads_operation_type other than DEBIT)
 * pays nothing: it maps to pending.
 */
export function verifyFormNotification(config: Pick<SystemPayConfig, "key" | "shopId" | "mode">, body: URLSearchParams): NotificationCheck {
  if (!config.key) return refuse("no SYSTEMPAY_KEY to verify a form notification");
  const received = uniqueFields(body);
  if (typeof received === "string") return refuse(received);
  const { signature = "", ...fields } = received;
  const unknown = Object.keys(fields).filter((name) => !IPN_FIELDS.has(name));
  if (unknown.length > 0) return refuse(`undocumented fields ${unknown.join(", ")}`);
  const expected = Buffer.from(systemPaySignature(fields, config.key), "base64");
  const given = Buffer.from(signature, "base64");
  if (!signature || given.toString("base64") !== signature || !hexEquals(expected.toString("hex"), given.toString("hex")))
    return refuse("bad or missing signature");
  if (fields.vads_site_id !== config.shopId) return refuse("another shop (vads_site_id)");
  if (fields.vads_ctx_mode !== config.mode) return refuse("another mode (vads_ctx_mode)");
  const status = mapTransStatus(fields.vads_trans_status);
  if (status === null) return refuse("missing or undocumented vads_trans_status");
  const orderId = positiveId(fields.vads_order_id);
  if (orderId === null) return refuse("missing or malformed vads_order_id");
  if (fields.vads_trans_id !== transId(orderId)) return refuse("vads_trans_id is not the one issued for the order");
  if (!isTransDate(fields.vads_trans_date)) return refuse("missing or malformed vads_trans_date");
  const currency = CURRENCY_OF_CODE[fields.vads_currency ?? ""];
  if (!currency) return refuse("missing or unknown vads_currency");
  if (!/^[0-9]{1,12}$/.test(fields.vads_amount ?? "")) return refuse("missing or malformed vads_amount");
  if (fields.vads_url_check_src !== undefined && !URL_CHECK_SOURCES.has(fields.vads_url_check_src)) return refuse("undocumented vads_url_check_src");
  if (fields.vads_trans_uuid !== undefined && !/^([0-9a-zA-Z]{32})?$/.test(fields.vads_trans_uuid)) return refuse("malformed vads_trans_uuid");
  const debit = fields.vads_operation_type === undefined || fields.vads_operation_type === "DEBIT";
  return {
    ok: true,
    notification: {
      orderId,
      transactionId: fields.vads_trans_uuid || `${fields.vads_trans_date!.slice(0, 8)}-${fields.vads_trans_id}`,
      status: debit ? status : "pending",
      amountCents: Number(fields.vads_amount),
      currency,
      payload: fields,
    },
  };
}

/** The field names of a REST V4 notification. */
const REST_FIELDS = new Set(["kr-hash", "kr-hash-algorithm", "kr-hash-key", "kr-answer-type", "kr-answer"]);

type KrAnswer = {
  shopId?: unknown;
  orderStatus?: unknown;
  orderDetails?: { orderId?: unknown; orderTotalAmount?: unknown; orderCurrency?: unknown; mode?: unknown };
  transactions?: { uuid?: unknown }[];
};

/**
 * A REST V4 IPN: kr-hash over the whole kr-answer with the REST password (`kr-hash-key=password`; the HMAC key
 * signs the browser return, which the buyer sees, and is refused here), then the answer's shop, mode, documented
 * status, order id, amount, currency and transaction uuid.
 */
export function verifyRestNotification(config: Pick<SystemPayConfig, "password" | "shopId" | "mode">, body: URLSearchParams): NotificationCheck {
  const fields = uniqueFields(body);
  if (typeof fields === "string") return refuse(fields);
  const unknown = Object.keys(fields).filter((name) => !REST_FIELDS.has(name));
  if (unknown.length > 0) return refuse(`undocumented fields ${unknown.join(", ")}`);
  const answerText = fields["kr-answer"];
  if (!config.password) return refuse("no SYSTEMPAY_PASSWORD to verify a REST notification");
  if (fields["kr-hash-algorithm"] !== "sha256_hmac" || fields["kr-hash-key"] !== "password") return refuse("kr-hash not made with the REST password");
  if (!answerText || !hexEquals(hmacSha256Hex(config.password, answerText), fields["kr-hash"])) return refuse("bad or missing kr-hash");
  let answer: KrAnswer;
  try {
    answer = JSON.parse(answerText) as KrAnswer;
  } catch {
    return refuse("kr-answer is not JSON");
  }
  if (answer.shopId !== config.shopId) return refuse("another shop (shopId)");
  if (answer.orderDetails?.mode !== config.mode) return refuse("another mode (orderDetails.mode)");
  const status = mapSystemPayStatus(answer.orderStatus);
  if (status === null) return refuse("missing or undocumented orderStatus");
  const orderId = typeof answer.orderDetails.orderId === "string" ? positiveId(answer.orderDetails.orderId) : null;
  if (orderId === null) return refuse("missing or malformed orderDetails.orderId");
  const amount = answer.orderDetails.orderTotalAmount;
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount < 0) return refuse("missing or malformed orderDetails.orderTotalAmount");
  const currency = answer.orderDetails.orderCurrency;
  if (typeof currency !== "string" || !Object.hasOwn(CURRENCY_CODES, currency)) return refuse("missing or unknown orderDetails.orderCurrency");
  const uuid = answer.transactions?.[0]?.uuid;
  if (typeof uuid !== "string" || !/^[0-9a-zA-Z]{32}$/.test(uuid)) return refuse("missing or malformed transactions[0].uuid");
  return { ok: true, notification: { orderId, transactionId: uuid, status, amountCents: amount, currency, payload: answer } };
}

/** Either notification format, by what the body carries. */
export function verifySystemPayNotification(
  config: Pick<SystemPayConfig, "key" | "password" | "shopId" | "mode">,
  notification: IncomingNotification,
): NotificationCheck {
  const body = new URLSearchParams(notification.body);
  return body.has("kr-answer") ? verifyRestNotification(config, body) : verifyFormNotification(config, body);
}

export function createSystemPayProvider(config: SystemPayConfig, now: () => Date = () => new Date()): PaymentProvider {
  return {
    name: "systempay",
    async startPayment(input: StartPaymentInput): Promise<PaymentStart> {
      if (!config.key) throw new Error("SystemPay: SYSTEMPAY_KEY is needed to start a payment");
      const fields = paymentFormFields({ ...config, key: config.key }, input, now());
      return { orderId: input.orderId, provider: "systempay", method: "POST", url: config.paymentUrl, fields, formToken: null };
    },
    verifyNotification: (notification) => verifySystemPayNotification(config, notification),
  };
}
