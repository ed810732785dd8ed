import { z } from 'zod';
import { moneySchema } from './experts.ts';
import { multiLineText, pageCursorSchema, singleLineText } from './text.ts';
import { uuidSchema } from './fields.ts';

// ---------------------------------------------------------------------------------------------
// Billing entity: the institution a client buys for (printed on every document issued after)
// ---------------------------------------------------------------------------------------------

export const ORGANISATION_NAME_MAX = 200;
export const BILLING_ADDRESS_MAX = 500;
export const TAX_ID_MAX = 40;
export const COST_CENTRE_MAX = 60;
export const PURCHASE_ORDER_MAX = 60;

/** An optional one-line field: blank means "none" and is stored as null. */
const optionalLine = (label: string, max: number) =>
  singleLineText(label, max)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

/**
 * VAT numbers (GB123456789, DE 123 456 789), EINs (12-3456789), ABNs: letters, digits, spaces,
 * dots, dashes and slashes, starting with a letter or digit. Checked for shape, not with a registry.
 */
const taxIdSchema = singleLineText('The VAT or tax number', TAX_ID_MAX)
  .refine(
    (value) => value === '' || /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/.test(value),
    'A VAT or tax number has letters, digits, spaces, dots, dashes or slashes only, e.g. GB 123 4567 89.',
  )
  .optional()
  .nullable()
  .transform((value) => (value ? value : null));

export const billingEntityRequestSchema = z.strictObject({
  organisationName: singleLineText('The organisation name', ORGANISATION_NAME_MAX).pipe(
    z.string().min(2, 'Enter the name of the organisation that pays.'),
  ),
  address: multiLineText('The billing address', BILLING_ADDRESS_MAX)
    .pipe(z.string().min(5, 'Enter the billing address as it should appear on invoices.'))
    .refine((value) => value.split('\n').length <= 8, 'A billing address has at most 8 lines.'),
  taxId: taxIdSchema,
  defaultCostCentre: optionalLine('The cost centre', COST_CENTRE_MAX),
});
export type BillingEntityRequest = z.input<typeof billingEntityRequestSchema>;

export const billingEntitySchema = z.object({
  organisationName: z.string(),
  address: z.string(),
  taxId: z.string().nullable(),
  defaultCostCentre: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type BillingEntity = z.infer<typeof billingEntitySchema>;

export const billingEntityResponseSchema = z.object({ billingEntity: billingEntitySchema.nullable() });
export type BillingEntityResponse = z.infer<typeof billingEntityResponseSchema>;

// ---------------------------------------------------------------------------------------------
// A contract's purchase order and cost centre (its client sets them while it runs)
// ---------------------------------------------------------------------------------------------

export const contractBillingRequestSchema = z.strictObject({
  purchaseOrderNumber: optionalLine('The purchase-order number', PURCHASE_ORDER_MAX),
  costCentre: optionalLine('The cost centre', COST_CENTRE_MAX),
});
export type ContractBillingRequest = z.input<typeof contractBillingRequestSchema>;

export const contractBillingSchema = z.object({
  purchaseOrderNumber: z.string().nullable(),
  costCentre: z.string().nullable(),
  /** The cost centre printed when the contract names none: the billing entity's default. */
  defaultCostCentre: z.string().nullable(),
  /** Only the client, and only while the contract runs. */
  canEdit: z.boolean(),
});
export type ContractBilling = z.infer<typeof contractBillingSchema>;

// ---------------------------------------------------------------------------------------------
// Issued documents
// ---------------------------------------------------------------------------------------------

export const documentKinds = ['funding_receipt', 'fee_invoice', 'payout_statement', 'credit_note'] as const;
export type DocumentKind = (typeof documentKinds)[number];

export const documentKindLabels: Record<DocumentKind, string> = {
  funding_receipt: 'Receipt',
  fee_invoice: 'Invoice',
  payout_statement: 'Payout statement',
  credit_note: 'Credit note',
};

export const documentSummarySchema = z.object({
  id: uuidSchema,
  kind: z.enum(documentKinds),
  number: z.string(),
  /** What it is about, e.g. "Marketplace fee on “Statistical analysis plan”". */
  description: z.string(),
  total: moneySchema,
  issuedAt: z.iso.datetime(),
  contract: z.object({ id: uuidSchema, title: z.string() }).nullable(),
  /** The number of the document this one corrects. */
  corrects: z.string().nullable(),
  /** The PDF, rendered from what was recorded when it was issued. */
  downloadUrl: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

export const documentListResponseSchema = z.object({
  documents: z.array(documentSummarySchema),
  nextCursor: z.string().nullable(),
});
export type DocumentListResponse = z.infer<typeof documentListResponseSchema>;

export const documentListQuerySchema = z.strictObject({
  contractId: uuidSchema.optional(),
  cursor: pageCursorSchema(200, 'That page link is not valid; start again from the first page.').optional(),
});
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;
