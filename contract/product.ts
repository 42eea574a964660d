/** D1: the product's name and public copy used by both sides. */
export const PRODUCT_NAME = 'Garage Ledger';
export const PRODUCT_TAGLINE = 'Manage your vehicle projects like a pro!';
/** D21: `garage-ledger-export-YYYY-MM-DD.json`. */
export const EXPORT_FILE_PREFIX = 'garage-ledger-export';
