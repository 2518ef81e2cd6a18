import '../../features/staff/catalogue';

// Staff's home cards, with the staff screens' catalogue that names the audit actions: loaded for staff only.
export { StaffCards } from '../../features/home/components/staff-cards';
