import type { ApiSchema } from '@sluice/ui-kit';

// Online top-up orders as the server lists them (GET /api/user/topup/self, admin /api/user/topup),
// the server's documented schemas (GET /api/openapi.json, generated into the kit by `npm run api:types`).
export type TopUpOrder = ApiSchema<'TopUpOrder'>;

/** An order in the admin list: also who completed it by hand (0: the payment gateway). */
export type AdminTopUpOrder = ApiSchema<'AdminTopUpOrder'>;

/** pending, success or expired: the schema's enum. */
export type OrderStatus = TopUpOrder['status'];

/** GET /api/user/topup/self. */
export type OrderPage = ApiSchema<'TopUpOrderPage'>;

/** GET /api/user/topup (admin). */
export type AdminOrderPage = ApiSchema<'AdminTopUpOrderPage'>;
