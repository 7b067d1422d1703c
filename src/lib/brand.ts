/** The product's name (white-label: change it here). SPEC 'Decisions': Palco by default. */
export const PRODUCT_NAME = 'Palco';
