// Redemption codes (admin; spec §2.6): see features/redemptions.
import { RedemptionManagement } from '../features/redemptions/RedemptionManagement';

export function RedemptionsPage() {
  return <RedemptionManagement />;
}
