// Online top-up orders as the server lists them (GET /api/user/topup/self, admin /api/user/topup).
export type OrderStatus = 'pending' | 'success' | 'expired';

export interface TopUpOrder {
  id: number;
  user_id: number;
  /** Units bought (quota = amount x QuotaPerUnit). */
  amount: number;
  /** Money paid, two decimals. */
  money: number;
  quota: number;
  trade_no: string;
  payment_method: string;
  create_time: number;
  complete_time: number;
  status: OrderStatus | string;
}

export interface OrderPage {
  items: TopUpOrder[];
  total: number;
  page: number;
  page_size: number;
}
