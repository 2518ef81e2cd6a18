import '../../features/card/catalogue';
import '../../features/staff/catalogue';
import '../../features/staff/import-catalogue';

// Staff's home cards, with the staff screens' catalogues that name the audit actions and the import kinds, and the
// personal card's that names the correction requests: loaded for staff only.
export { StaffCards } from '../../features/home/components/staff-cards';
