export interface CheckinResult {
  checkin_date: string;
  quota_awarded: number;
}

export interface SignInDates {
  sign_in_dates: string[];
  status: { can_sign_in_today: boolean };
}
