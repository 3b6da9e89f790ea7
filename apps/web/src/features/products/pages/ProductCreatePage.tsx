import { zodResolver } from '@hookform/resolvers/zod';
import { PRODUCT_MESSAGES } from '@wms/contract/products';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormCard } from '../../../components/FormCard';
import { PageHeader } from '../../../components/PageHeader';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { notifySuccess } from '../../../lib/notify';
import { userAllows } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { useCreateProduct } from '../api';
import { ProductFormFields } from '../components/ProductFormFields';
import {
  emptyProductForm,
  PRODUCT_FORM_FIELDS,
  type ProductFormValues,
  productFormSchema,
  toPayload,
} from '../product-form';

export function ProductCreatePage() {
  const { user, selectedAccount } = useSession();
  const isClient = userAllows(user, 'workInSelectedAccount');
  const navigate = useNavigate();
  const createProduct = useCreateProduct();
  const schema = useMemo(() => productFormSchema(!isClient), [isClient]);
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(schema),
    defaultValues: emptyProductForm,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // A client's product goes to the selected account (spec §7: the client's account_id is added).
      const answer = await createProduct.mutateAsync({
        ...toPayload(values),
        account_id: isClient ? null : values.account_id,
      });
      notifySuccess(PRODUCT_MESSAGES.created);
      // A kit is not finished without its components: its detail page holds the components editor.
      navigate(values.kind === 'standard' ? '/products' : `/products/${answer.data.id}`);
    } catch (error) {
      applyServerErrors(error, PRODUCT_FORM_FIELDS, form.setError, 'Error creating product');
    }
  });

  return (
    <>
      <PageHeader
        title="Create Product"
        subtitle={
          isClient
            ? `Adds a product to ${selectedAccount?.name ?? 'your account'}`
            : 'Add a product to an account\u2019s catalogue'
        }
      />
      <FormCard
        onSubmit={onSubmit}
        rootError={form.formState.errors.root?.server?.message}
        submitLabel="Create Product"
        submitting={form.formState.isSubmitting}
        cancelTo="/products"
      >
        <ProductFormFields form={form} showAccount={!isClient} accountLabel="Account" />
      </FormCard>
    </>
  );
}
