export const paymentKeys = {
  all: ['payment'] as const,
  history: ['payment', 'history'] as const,
  staff: ['payment', 'staff'] as const,
};
