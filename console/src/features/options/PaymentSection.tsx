import { FormGrid, toast } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { OptionInput, OptionJson, OptionNumber } from './fields';
import { OptionSection } from './OptionSection';
import { useOptionForm } from './useOptionForm';

const CONFIG = {
  keys: ['PayAddress', 'EpayId', 'EpayKey', 'CustomCallbackAddress', 'Price', 'USDExchangeRate', 'MinTopUp', 'TopupGroupRatio', 'TopupAffiliate'],
  secrets: ['EpayKey'],
  json: ['TopupGroupRatio'],
  urls: ['PayAddress', 'CustomCallbackAddress'],
} as const;

/** Online top-up. Nothing is sent before a server address is stored (spec §5). */
export function PaymentSection() {
  const { t } = useT();
  const opt = useOptionForm(CONFIG);
  const onSave = () =>
    opt.save({
      before: () => {
        if (opt.stored.ServerAddress) return true;
        toast.error(t('console.options.payment.serverAddressFirst'));
        return false;
      },
    });
  return (
    <OptionSection opt={opt} onSave={onSave} title={t('console.options.sections.payment.title')} description={t('console.options.sections.payment.description')}>
      <FormGrid columns={3}>
        <OptionInput opt={opt} name="PayAddress" hint={t('console.options.hints.PayAddress')} />
        <OptionInput opt={opt} name="EpayId" />
        <OptionInput opt={opt} name="EpayKey" secret />
        <OptionInput opt={opt} name="CustomCallbackAddress" hint={t('console.options.hints.CustomCallbackAddress')} />
        <OptionNumber opt={opt} name="Price" min={0} step={0.1} />
        <OptionNumber opt={opt} name="USDExchangeRate" min={0} step={0.1} />
        <OptionNumber opt={opt} name="MinTopUp" min={0} precision={0} />
        <OptionInput opt={opt} name="TopupAffiliate" />
      </FormGrid>
      <OptionJson
        opt={opt}
        name="TopupGroupRatio"
        hint={t('console.options.hints.TopupGroupRatio')}
        invalidMessage={t('console.options.payment.topupGroupRatioInvalid')}
      />
    </OptionSection>
  );
}
