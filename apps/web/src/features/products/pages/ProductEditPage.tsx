import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { PRODUCT_MESSAGES, type Product } from '@wms/contract/products';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { FormCard } from '../../../components/FormCard';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { RedirectWithMessage } from '../../../components/RedirectWithMessage';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { notifySuccess } from '../../../lib/notify';
import { userAllows } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { productQueryOptions, useUpdateProduct } from '../api';
import { ProductFormFields } from '../components/ProductFormFields';
import {
  PRODUCT_FORM_FIELDS,
  type ProductFormValues,
  productFormSchema,
  productToForm,
  toPayload,
} from '../product-form';

export function ProductEditPage() {
  const id = Number(useParams().id);
  const product = useQuery({ ...productQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });

  if (!Number.isInteger(id) || id <= 0 || product.isError) {
    return <RedirectWithMessage to="/products" message="Error loading product data" />;
  }
  if (!product.data) {
    return (
      <>
        <PageHeader title="Edit Product" />
        <LoadingState label="Loading product…" />
      </>
    );
  }
  // Keyed so a different product (or a refetch after save) starts a fresh form.
  return <EditProductForm key={`${product.data.id}-${product.data.updated_at}`} product={product.data} />;
}

function EditProductForm({ product }: { product: Product }) {
  const { user } = useSession();
  const isClient = userAllows(user, 'workInSelectedAccount');
  const navigate = useNavigate();
  const updateProduct = useUpdateProduct();
  const schema = useMemo(() => productFormSchema(!isClient), [isClient]);
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(schema),
    defaultValues: productToForm(product),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // A client cannot move a product: the current account is sent back unchanged.
      await updateProduct.mutateAsync({
        id: product.id,
        payload: { ...toPayload(values), account_id: isClient ? product.account_id : values.account_id },
      });
      notifySuccess(PRODUCT_MESSAGES.updated);
      navigate(`/products/${product.id}`);
    } catch (error) {
      applyServerErrors(error, PRODUCT_FORM_FIELDS, form.setError, 'Error updating product');
    }
  });

  return (
    <>
      <PageHeader title="Edit Product" subtitle={`${product.name} · ${product.sku}`} />
      <FormCard
        onSubmit={onSubmit}
        rootError={form.formState.errors.root?.server?.message}
        submitLabel="Update Product"
        submitting={form.formState.isSubmitting}
        cancelTo="/products"
      >
        <ProductFormFields
          form={form}
          showAccount={!isClient}
          accountLabel="Account Assignment"
          fallbackAccount={product.account}
        />
      </FormCard>
    </>
  );
}
