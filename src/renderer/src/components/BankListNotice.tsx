import { useBanksStore } from '../stores/banks-store'
import { TechnicalDetails } from './TechnicalDetails'

/**
 * Where accounts are entered: why there is no bank list (offline, a profile's first start), what
 * still works, and a button to fetch the list again. Nothing while there is a list.
 */
export function BankListNotice() {
  const { banks, loaded, error, errorDetail, refreshing, refresh } = useBanksStore()
  if (banks.length > 0 || !loaded) return null
  return (
    <div className="callout warn bank-notice" data-testid="bank-list-notice">
      <p role="status">
        {error ??
          'No bank list is saved on this computer yet. An account can still be entered with its bank’s slug (for example zenith-bank).'}
      </p>
      {errorDetail && <TechnicalDetails detail={errorDetail} />}
      <button type="button" onClick={() => void refresh()} disabled={refreshing}>
        {refreshing ? 'Fetching the bank list…' : 'Refresh the bank list'}
      </button>
    </div>
  )
}
