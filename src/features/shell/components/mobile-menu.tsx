import { useLingui } from '@lingui/react/macro';
import { Drawer } from '@/components/ui/drawer';
import { PRODUCT_NAME } from '@/lib/brand';
import * as css from './app-header.css';
import { AsideNav } from './aside-nav';
import { MenuIcon } from './icons';

/** Below 930 px the aside becomes a drawer opened from the header (SPEC §9). */
export function MobileMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={PRODUCT_NAME}
      closeLabel={t`Fechar menu`}
      trigger={
        <button type="button" className={css.iconButton} aria-label={t`Abrir menu`}>
          <MenuIcon />
        </button>
      }
    >
      <AsideNav onNavigate={() => onOpenChange(false)} />
    </Drawer>
  );
}
